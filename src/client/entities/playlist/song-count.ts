import { countOf } from '../../../shared/format';
/** '1 song', '12 songs': a playlist's length, as its header and a collective's playlist view say it. */
export const songCount = (n: number) => countOf(n, 'song');

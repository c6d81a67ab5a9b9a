/** '1 song', '12 songs': a playlist's length, as its header and a collective's playlist view say it. */
export const songCount = (n: number) => `${n} ${n === 1 ? 'song' : 'songs'}`;

import { countOf, formatDate, formatDuration } from '../../../shared/format';
import type { ShareListener } from '../../../shared/schemas/share-listens';

/**
 * How the Share… dialog names a link's listeners and says what each heard (issue 45, decision
 * 0729): "mastering engineer: heard 92 %, twice, downloaded".
 */

/** The recipient's label, numbered when the link reached them in more than one browser; else "Listener n". */
export function listenerName(
  listener: Pick<ShareListener, 'recipient'>,
  index: number,
  count: number,
): string {
  if (listener.recipient === null) return `Listener ${index + 1}`;
  return count > 1 ? `${listener.recipient} (${index + 1})` : listener.recipient;
}

const PLAYS = ['', 'once', 'twice'];
const playsText = (plays: number) => PLAYS[plays] ?? countOf(plays, 'time');

function downloadsText(downloads: number) {
  if (downloads === 0) return '';
  return downloads === 1 ? 'downloaded' : `downloaded ${countOf(downloads, 'time')}`;
}

/** "heard 92 %, twice, downloaded": what was heard, how many sittings, downloads when any. */
export function listenedText(listener: Pick<ShareListener, 'heardFraction' | 'plays' | 'downloads'>): string {
  const heard = `heard ${Math.round(listener.heardFraction * 100)} %`;
  return [heard, playsText(listener.plays), downloadsText(listener.downloads)].filter(Boolean).join(', ');
}

/** The line's tooltip: how far they got and when they last listened. */
export const listenerTitle = (listener: Pick<ShareListener, 'furthestSeconds' | 'lastAt'>) =>
  `Furthest ${formatDuration(listener.furthestSeconds)} · last listened ${formatDate(listener.lastAt)}`;

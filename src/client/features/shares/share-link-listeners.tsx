import { Headphones } from 'lucide-react';
import { countOf } from '../../../shared/format';
import { listenedText, listenerName, listenerTitle } from './share-listens-format';
import { useShareListens } from './use-share-listens';

/** More than this many listeners: the rest are counted, not listed (a link that spread). */
const SHOWN = 5;

/**
 * Under a link in the Share… dialog (issue 45): each listener and what they heard, e.g. "mastering
 * engineer: heard 92 %, twice, downloaded". Nothing while loading or when the figures cannot be read.
 */
export function ShareLinkListeners({ linkId }: { linkId: number }) {
  const { data } = useShareListens(linkId);
  if (!data) return null;
  const { listeners } = data;
  if (listeners.length === 0) {
    return (
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <Headphones className="size-3.5" aria-hidden />
        No listens yet
      </p>
    );
  }
  const rest = listeners.length - SHOWN;
  return (
    <ul aria-label="Listeners" className="grid gap-0.5 text-xs" data-testid="share-listeners">
      {listeners.slice(0, SHOWN).map((listener, i) => (
        <li key={listener.listenerId} className="flex items-center gap-1" title={listenerTitle(listener)}>
          <Headphones className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 truncate">
            <span className="font-medium">{listenerName(listener, i, listeners.length)}:</span>{' '}
            <span className="text-muted-foreground">{listenedText(listener)}</span>
          </span>
        </li>
      ))}
      {rest > 0 && <li className="pl-4.5 text-muted-foreground">and {countOf(rest, 'more listener')}</li>}
    </ul>
  );
}

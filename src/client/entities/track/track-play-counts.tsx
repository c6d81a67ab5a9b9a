import { useQuery } from '@tanstack/react-query';
import { Headphones } from 'lucide-react';
import { countOf, pluralWord } from '../../../shared/format';
import type { TrackPlayCounts as Counts } from '../../../shared/schemas/plays';

// "once" rather than "1 time"; every other count through the one plural rule (decision 0595).
const times = (n: number) => pluralWord(n, 'once', countOf(n, 'time'));
const people = (n: number) => countOf(n, 'person', 'people');

/** The query of a track's counts; under ['/api/tracks', id] so refreshing the track refreshes it. */
export const playCountsKey = (trackId: number | string) => ['/api/tracks', String(trackId), 'plays'];

/**
 * For the track's owner (issue 26, decision 0395): how often others played it and how many people,
 * and per collective it is shared into, how many of its members. Counts only: never who. Loaded
 * apart from the track page's first paint (it is the owner's, and below the card).
 */
export function TrackPlayCounts({ trackId }: { trackId: number }) {
  // Others' plays happen elsewhere: asked again each time the page opens.
  const { data, isError } = useQuery<Counts>({ queryKey: playCountsKey(trackId), refetchOnMount: 'always' });
  if (isError) return null;
  return (
    <section
      aria-label="Plays"
      data-testid="track-play-counts"
      className="mt-4 rounded-xl border border-border bg-card/40 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <Headphones className="size-4 text-primary" aria-hidden />
        {!data
          ? 'Loading plays...'
          : data.total === 0
            ? 'Nobody else has played this yet'
            : `Played ${times(data.total)} · ${people(data.listeners)}`}
      </p>
      {data && data.collectives.length > 0 && (
        <ul aria-label="Listeners by collective" className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {data.collectives.map((c) => (
            <li key={c.id} className="text-muted-foreground">
              <span className="font-medium text-foreground">{c.name}</span>: {people(c.listeners)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-muted-foreground">Your own plays are not counted.</p>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { countOf, formatCount } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import type { TrackOwner } from '../../entities/track/player-track';
import { useVirtualRows, VIRTUALIZE_FROM } from '../../lib/use-virtual-rows';
import { TrackCard } from '../tracks';

/**
 * 'N track(s) shared': '1 track shared', '2 tracks shared' (spec section 2, public profile); past
 * the count's cap (issue 48), '1,000+ tracks shared'.
 */
export const tracksShared = (n: number, capped = false) =>
  capped ? `${formatCount(n)}+ tracks shared` : `${countOf(n, 'track')} shared`;

/** The grid's columns at Tailwind's sm and lg breakpoints (grid-cols-1, sm:grid-cols-2, lg:grid-cols-3). */
const COLUMN_QUERIES = [
  ['(min-width: 1024px)', 3],
  ['(min-width: 640px)', 2],
] as const;
const columnsNow = () => COLUMN_QUERIES.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1;

function useGridColumns(): number {
  const [columns, setColumns] = useState(columnsNow);
  useEffect(() => {
    const lists = COLUMN_QUERIES.map(([query]) => window.matchMedia(query));
    const update = () => setColumns(columnsNow());
    for (const list of lists) list.addEventListener('change', update);
    return () => {
      for (const list of lists) list.removeEventListener('change', update);
    };
  }, []);
  return columns;
}

/** A card's usual height and the grid's gap (gap-4), in px. */
const CARD_ESTIMATE_PX = 172;
const GAP_PX = 16;

/**
 * A public profile's tracks as cards in the public view (no Share/Delete menu, spec section 6).
 * Playing one makes the whole grid the queue, so next and previous move through the profile; the
 * profile's owner is every track's artist. Long profiles render only the grid rows in view
 * (decision 0072): each card is still an item of the list, saying where it sits in the whole.
 */
export function PublicTrackGrid({
  tracks,
  owner,
  likeable = false,
}: {
  tracks: Track[];
  owner: TrackOwner;
  /** Signed in: each card has its heart (issue 26). */
  likeable?: boolean;
}) {
  const columns = useGridColumns();
  const rowCount = Math.ceil(tracks.length / columns);
  const rows = useVirtualRows<HTMLUListElement>({
    count: rowCount,
    // By cards, not grid rows, so the threshold means the same at every width.
    virtualize: tracks.length >= VIRTUALIZE_FROM,
    estimateSize: CARD_ESTIMATE_PX,
    gap: GAP_PX,
  });
  const spacer = (height: number) =>
    height > GAP_PX ? (
      <li aria-hidden="true" data-spacer="" style={{ gridColumn: '1 / -1', height: height - GAP_PX }} />
    ) : null;

  return (
    <ul ref={rows.listRef} aria-label="Shared tracks" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {spacer(rows.paddingTop)}
      {rows.indexes.flatMap((row) =>
        tracks.slice(row * columns, row * columns + columns).map((track, column) => (
          <li
            key={track.id}
            className="flex"
            // The first card measures its grid row (cards stretch to the row's height).
            ref={rows.virtualized && column === 0 ? rows.measureRow : undefined}
            data-index={rows.virtualized && column === 0 ? row : undefined}
            aria-setsize={rows.virtualized ? tracks.length : undefined}
            aria-posinset={rows.virtualized ? row * columns + column + 1 : undefined}
          >
            <TrackCard
              track={track}
              owner={owner}
              queue={tracks}
              publicView
              likeable={likeable}
              className="w-full"
            />
          </li>
        )),
      )}
      {spacer(rows.paddingBottom)}
    </ul>
  );
}

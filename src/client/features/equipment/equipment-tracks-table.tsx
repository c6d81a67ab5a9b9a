import { Clock, Music, Pause, Play } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { displayName, formatDate, formatDuration } from '../../../shared/format';
import type { EquipmentTrack } from '../../../shared/schemas/tracks';
import { EmptyState } from '../../components/page-layout';
import { SpacerRow } from '../../components/spacer-row';
import { Button } from '../../components/ui/button';
import { EquipmentChips } from '../../entities/equipment/equipment-chips';
import { GATED_BUTTON_CLASS, playButtonProps, WhyNotPlayable } from '../../entities/track/play-button-gate';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { useVirtualRows } from '../../lib/use-virtual-rows';
import { cn } from '../../lib/utils';
import { usePlayer } from '../../player/use-player';
import { TrackMoreMenu } from '../tracks';
import { useEquipmentTracks } from './use-equipment-page';

/**
 * The 'Tracks Using {name}' tab (spec section 2): user, title, equipment, date and duration, newest
 * first as the server sends them, 50 at a time with "Show more tracks" for the next (issue 48). Each plays through the player with this list as the queue, each
 * track by its own owner (artist and avatar artwork); the stream rule lets signed-in people hear
 * tracks shared to equipment pages (decision 0012). A More options menu queues or downloads a row.
 */
export function EquipmentTracksTable({ equipmentId, name }: { equipmentId: number; name: string }) {
  const { tracks, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useEquipmentTracks(equipmentId);

  if (isLoading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading tracks...
      </p>
    );
  // A later page that failed keeps the pages read (the toast says so; the button tries again).
  if (!tracks) return <p className="text-sm text-muted-foreground">Could not load the tracks.</p>;
  if (tracks.length === 0)
    return (
      <EmptyState
        icon={Music}
        title={`No tracks use ${name} yet`}
        hint="Tag it on a track to list it here."
      />
    );

  return (
    <>
      <TracksUsing tracks={tracks} name={name} />
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Show more tracks'}
          </Button>
        </div>
      )}
    </>
  );
}

const ROW_ESTIMATE_PX = 49;
const COLUMNS = 7;

/** The table itself; rows in view only from VIRTUALIZE_FROM tracks on (decision 0072). */
function TracksUsing({ tracks, name }: { tracks: EquipmentTrack[]; name: string }) {
  const player = usePlayer();
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, trackOwner(t.user))), [tracks]);
  const rows = useVirtualRows<HTMLTableSectionElement>({
    count: tracks.length,
    estimateSize: ROW_ESTIMATE_PX,
    getItemKey: (index) => tracks[index]?.id ?? index,
  });

  return (
    // Relative: the headers' visually hidden (absolute) names scroll with the table. Placed by the
    // fixed frame instead (decision 0365), on a phone they stretched it sideways past the screen.
    <div className="relative overflow-x-auto rounded-xl border border-border bg-card/40">
      <table
        aria-label={`Tracks Using ${name}`}
        aria-rowcount={rows.virtualized ? tracks.length + 1 : undefined}
        className="w-full min-w-[40rem] border-collapse text-left"
      >
        <thead>
          <tr className="border-b border-border text-xs tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="w-14 py-2.5 pr-2 pl-3">
              <span className="sr-only">Play</span>
            </th>
            <th scope="col" className="py-2.5 pr-4 font-medium">
              User
            </th>
            <th scope="col" className="py-2.5 pr-4 font-medium">
              Title
            </th>
            <th scope="col" className="py-2.5 pr-4 font-medium">
              Equipment
            </th>
            <th scope="col" className="py-2.5 pr-4 font-medium">
              Date
            </th>
            <th scope="col" className="w-16 py-2.5 pr-2 text-right font-medium">
              <span className="sr-only">Duration</span>
              <Clock className="ml-auto size-4" aria-hidden />
            </th>
            <th scope="col" className="w-12 py-2.5 pr-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={rows.listRef}>
          <SpacerRow height={rows.paddingTop} columns={COLUMNS} />
          {rows.indexes.map((index) => {
            const track = tracks[index] as EquipmentTrack;
            const isCurrent = player.currentTrack?.id === track.id;
            const playing = isCurrent && player.isPlaying;
            const playerTrack = toPlayerTrack(track, trackOwner(track.user));
            const { reason, ...gate } = playButtonProps(track, playing, () =>
              isCurrent ? player.togglePlay() : player.playTrack(playerTrack, queue),
            );
            return (
              <tr
                key={track.id}
                ref={rows.virtualized ? rows.measureRow : undefined}
                data-index={rows.virtualized ? index : undefined}
                aria-rowindex={rows.virtualized ? index + 2 : undefined}
                data-testid="equipment-track-row"
                className={cn(
                  'border-b border-border/60 last:border-0 hover:bg-accent/40',
                  isCurrent && 'bg-primary/5',
                )}
              >
                <td className="py-2 pr-2 pl-3">
                  <WhyNotPlayable reason={reason}>
                    <Button
                      variant={isCurrent ? 'default' : 'ghost'}
                      size="icon"
                      className={cn('size-8 rounded-full', GATED_BUTTON_CLASS)}
                      {...gate}
                    >
                      {playing ? (
                        <Pause className="fill-current" />
                      ) : (
                        <Play className="translate-x-px fill-current" />
                      )}
                    </Button>
                  </WhyNotPlayable>
                </td>
                <td className="max-w-40 truncate py-2 pr-4 text-sm text-muted-foreground">
                  {displayName(track.user, 'Unknown User')}
                </td>
                <td className={cn('max-w-56 truncate py-2 pr-4 font-medium', isCurrent && 'text-primary')}>
                  <Link
                    href={`/track/${track.id}`}
                    // Touch screens: a 44 px tall target, not the line of text (decision 0365).
                    className="hover:underline pointer-coarse:block pointer-coarse:truncate pointer-coarse:py-2.5"
                  >
                    {track.name}
                  </Link>
                </td>
                <td className="py-2 pr-4">
                  <EquipmentChips equipment={track.equipment} />
                </td>
                <td className="py-2 pr-4 text-sm whitespace-nowrap text-muted-foreground">
                  {formatDate(track.createdAt)}
                </td>
                <td className="py-2 pr-2 text-right text-sm text-muted-foreground tabular-nums">
                  {formatDuration(track.duration)}
                </td>
                <td className="py-2 pr-3">
                  <TrackMoreMenu track={playerTrack} />
                </td>
              </tr>
            );
          })}
          <SpacerRow height={rows.paddingBottom} columns={COLUMNS} />
        </tbody>
      </table>
    </div>
  );
}

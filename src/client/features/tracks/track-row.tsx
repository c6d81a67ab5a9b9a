import { Pause, Pencil, Play, Tag } from 'lucide-react';
import { memo, type Ref } from 'react';
import { Link } from 'wouter';
import { formatDuration } from '../../../shared/format';
import { receivedFromText } from '../../../shared/received-from';
import type { ReceivedTrack } from '../../../shared/schemas/share-uploads';
import type { Track, TrackSort } from '../../../shared/schemas/tracks';
import type { TrackReviewSummary } from '../../../shared/schemas/version-review';
import { Button } from '../../components/ui/button';
import { CHECKBOX_HIT_LABEL } from '../../components/ui/checkbox-hit';
import { EquipmentChips } from '../../entities/equipment/equipment-chips';
import { KeptOfflineMark, OfflineMark } from '../../entities/offline/offline-mark';
import { useOfflineStatus } from '../../entities/offline/offline-status';
import { LikeButton } from '../../entities/track/like-button';
import { GATED_BUTTON_CLASS, playButtonProps, WhyNotPlayable } from '../../entities/track/play-button-gate';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { TempoKeyBadges } from '../../entities/track/tempo-key-badges';
import { VersionTag } from '../../entities/track/version-tag';
import { cn } from '../../lib/utils';
import { ReviewRowBadges } from '../version-review';
import { ProcessingStatus } from './processing-status';
import { rowDate, TrackDate } from './track-date';
import { TrackMoreMenu } from './track-more-menu';
import { VisibilityBadge } from './visibility-badge';

/** Chips a row shows before "+N": two fit the narrowed Equipment column (decision 0550). */
export const EQUIPMENT_SHOWN = 2;
/** Under the name (phones), one chip and "+N" on one line: two stacked one per line and made the row twice as tall. */
const EQUIPMENT_SHOWN_UNDER_NAME = 1;

export interface TrackRowProps {
  track: Track;
  /** Who the track is by, for the queue items of the row's menu. */
  owner: TrackOwner;
  index: number;
  sort: TrackSort;
  /** What shows under the title because its column is hidden on this screen (phones, tablets). */
  secondLine?: { equipment: boolean; date: boolean };
  /** Another track of the list falls on the same day: the time shows too (issue 23). */
  showTime?: boolean;
  isCurrent: boolean;
  isPlaying: boolean;
  /** The handlers take the row's track, so one function serves every row and the row stays memoized. */
  onPlay: (track: Track) => void;
  onEdit: (track: Track) => void;
  /** Ticked in the journal's multi-select; `range` when Shift was held (issue 23). */
  selected?: boolean;
  onSelect?: (trackId: number, options: { range: boolean }) => void;
  /** In a virtualized table: measures the row, whose `rowIndex` (0-based) says where it is. */
  rowRef?: Ref<HTMLTableRowElement>;
  rowIndex?: number;
  /** Where the current version stands and its open threads (issue 44). */
  review?: TrackReviewSummary;
  /** The guest and upload link the track came from (issue 45); undefined for the owner's own. */
  received?: ReceivedTrack;
}

/**
 * One journal row (spec section 2): number/play, title with its processing state (issue 10),
 * equipment, date, duration, the heart (issue 26), edit and the More options menu (play next, add
 * to queue, download). Memoized: the list re-renders for the player's clock, each row added beyond
 * the screen and each measure of the virtualizer, and a phone paid every visible row each time
 * (decision 0932).
 */
export const TrackRow = memo(function TrackRow({
  track,
  owner,
  index,
  sort,
  secondLine = { equipment: false, date: false },
  showTime = false,
  isCurrent,
  isPlaying,
  onPlay,
  onEdit,
  selected = false,
  onSelect,
  rowRef,
  rowIndex,
  review,
  received,
}: TrackRowProps) {
  const playing = isCurrent && isPlaying;
  // The equipment goes under the title on the narrowest screens: so does the heart (below).
  const heartBelowPlay = secondLine.equipment;
  const date = rowDate(track, sort);
  // The play button's reason depends on the network and the downloads (issue 25).
  useOfflineStatus();
  const { reason, ...gate } = playButtonProps(track, playing, () => onPlay(track));
  const edit = () => onEdit(track);

  return (
    <tr
      ref={rowRef}
      data-index={rowIndex}
      // The header is row 1 (aria-rowindex counts from 1).
      aria-rowindex={rowIndex === undefined ? undefined : rowIndex + 2}
      data-testid="track-row"
      data-grid-row={track.id}
      data-current={isCurrent || undefined}
      aria-selected={onSelect ? selected : undefined}
      className={cn(
        'group border-b border-border/60 transition-colors hover:bg-accent/40',
        isCurrent && 'bg-primary/5',
        selected && 'bg-primary/10 hover:bg-primary/15',
      )}
    >
      {onSelect && (
        <td className="w-10 py-2 pl-3 pointer-coarse:pl-4">
          <label className={CHECKBOX_HIT_LABEL}>
            <input
              type="checkbox"
              aria-label={`Select ${track.name}`}
              checked={selected}
              // A Shift-click would also select the page's text between the two clicks.
              onMouseDown={(event) => event.shiftKey && event.preventDefault()}
              onChange={(event) =>
                onSelect(track.id, { range: (event.nativeEvent as MouseEvent).shiftKey === true })
              }
              className="size-4 cursor-pointer align-middle accent-primary pointer-coarse:size-6 max-sm:size-6"
            />
          </label>
        </td>
      )}
      <td className="w-12 py-2 pr-2 pl-3 pointer-coarse:px-0.5">
        {/* The row number sits under the play button, not in it: a button showing "1" but named
            "Play …" fails WCAG 2.5.3 (label in name; decision 0182). Hover and focus swap it for the icon. */}
        <div className="relative size-8 pointer-coarse:size-11">
          {!playing && (
            <span
              className={cn(
                'absolute inset-0 flex items-center justify-center text-sm text-muted-foreground tabular-nums group-focus-within:invisible group-hover:invisible',
                isCurrent && 'text-primary',
                reason && 'opacity-50',
              )}
            >
              {index + 1}
            </span>
          )}
          <WhyNotPlayable reason={reason}>
            <button
              type="button"
              {...gate}
              className={cn(
                'relative flex size-8 items-center justify-center rounded-full text-muted-foreground pointer-coarse:size-11 hover:bg-primary hover:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:hover:bg-transparent aria-disabled:hover:text-muted-foreground',
                GATED_BUTTON_CLASS,
              )}
            >
              {playing ? (
                <Pause className="size-4 fill-current text-primary group-hover:text-current" aria-hidden />
              ) : (
                <Play
                  className="invisible size-4 translate-x-px fill-current group-focus-within:visible group-hover:visible"
                  aria-hidden
                />
              )}
            </button>
          </WhyNotPlayable>
        </div>
        {/* Phones: under the play button, where the tall row has room; the actions column would
            take the title's width (three 44 px buttons on a 390 px screen). */}
        {heartBelowPlay && <LikeButton trackId={track.id} className="mt-1" />}
      </td>
      <td className="max-w-0 py-2 pr-4">
        {/* The name takes the width the other columns leave (decision 0550) and wraps to a second
            line rather than being cut; a longer one is clamped there, and shows whole on hover (its
            title) and while its link has the focus. The marks after it stay in sight. */}
        <p className={cn('flex min-w-0 items-center text-sm font-medium', isCurrent && 'text-primary')}>
          <Link
            href={`/track/${track.id}`}
            data-testid="track-name"
            title={track.name}
            className="line-clamp-3 min-w-0 break-words hover:underline focus:line-clamp-none sm:line-clamp-2"
          >
            {track.name}
          </Link>
          <VersionTag version={track.version} className="ml-1.5" />
          <VisibilityBadge visibility={track.visibility} className="ml-1.5" />
          <KeptOfflineMark trackId={track.id} className="ml-1.5" />
          <ReviewRowBadges summary={review} className="ml-1.5" />
        </p>
        <TempoKeyBadges track={track} className="mt-0.5 flex" />
        {received && (
          <p data-testid="track-received" className="line-clamp-2 text-xs break-words text-muted-foreground">
            {receivedFromText(received)}
          </p>
        )}
        {track.notes && (
          <p title={track.notes} className="line-clamp-2 text-xs break-words text-muted-foreground">
            {track.notes}
          </p>
        )}
        <ProcessingStatus track={track} canRetry className="empty:hidden" />
        <OfflineMark trackId={track.id} />
        {(secondLine.date || (secondLine.equipment && track.equipment.length > 0)) && (
          <div
            data-testid="track-row-second-line"
            className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground"
          >
            {secondLine.equipment && track.equipment.length > 0 && (
              <EquipmentChips
                equipment={track.equipment}
                max={EQUIPMENT_SHOWN_UNDER_NAME}
                className="flex-nowrap"
              />
            )}
            {secondLine.date && <TrackDate value={date} withTime={showTime} />}
          </div>
        )}
      </td>
      {/* Empty when the second line holds it: a hidden column's content is still work on a phone. */}
      <td className="hidden py-2 pr-3 sm:table-cell">
        {secondLine.equipment ? null : track.equipment.length > 0 ? (
          // Two lines rather than one: on one line each chip kept two letters ("Mo…", "Sh…").
          <EquipmentChips equipment={track.equipment} max={EQUIPMENT_SHOWN} />
        ) : (
          <button
            type="button"
            onClick={edit}
            className="inline-flex items-center gap-1 rounded-full border border-dashed border-border px-2.5 py-0.5 text-xs text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Tag className="size-3" aria-hidden />
            Click to add Notes and Tags
          </button>
        )}
      </td>
      <td className="hidden py-2 pr-3 text-sm text-muted-foreground lg:table-cell">
        {!secondLine.date && <TrackDate value={date} withTime={showTime} timeBelow />}
      </td>
      <td className="py-2 pr-2 text-right text-sm text-muted-foreground tabular-nums">
        {formatDuration(track.duration)}
      </td>
      <td className="py-2 pr-3 pointer-coarse:pr-1">
        <div className="flex justify-end">
          {!heartBelowPlay && <LikeButton trackId={track.id} />}
          <Button variant="ghost" size="icon" aria-label="Edit track" onClick={edit} className="size-8">
            <Pencil aria-hidden />
          </Button>
          <TrackMoreMenu track={toPlayerTrack(track, owner)} />
        </div>
      </td>
    </tr>
  );
});

import { formatDate, formatTimeOfDay, localDayKey } from '../../../shared/format';
import type { Track, TrackSort } from '../../../shared/schemas/tracks';

/** The date a row shows under the current sort: the recording's, or when it was added. */
export const rowDate = (track: Track, sort: TrackSort) =>
  sort === 'dateCreated' ? track.fileCreatedAt : track.createdAt;

/**
 * The days on which more than one of these tracks falls (issue 23): their rows show the time too,
 * so the takes of one evening can be told apart. Other rows keep the spec's date alone.
 */
export function daysWithSeveralTracks(tracks: readonly Track[], sort: TrackSort): ReadonlySet<string> {
  const seen = new Set<string>();
  const several = new Set<string>();
  for (const track of tracks) {
    const day = localDayKey(rowDate(track, sort));
    if (!day) continue;
    if (seen.has(day)) several.add(day);
    else seen.add(day);
  }
  return several;
}

/** A row's date: the time on hover always, and in the row when `withTime`. */
export function TrackDate({
  value,
  withTime,
  timeBelow = false,
}: {
  value: string | null | undefined;
  withTime: boolean;
  /** The time on a line of its own: the date column stays narrow (decision 0550). */
  timeBelow?: boolean;
}) {
  const text = formatDate(value);
  if (!value || text === 'Unknown date') return <span>{text}</span>;
  return (
    <time
      dateTime={new Date(value).toISOString()}
      title={`${text} at ${formatTimeOfDay(value)}`}
      className="whitespace-nowrap"
    >
      {text}
      {withTime && (
        <span className={timeBelow ? 'block tabular-nums' : 'tabular-nums'}>
          <span className={timeBelow ? 'sr-only' : undefined}> · </span>
          {formatTimeOfDay(value)}
        </span>
      )}
    </time>
  );
}

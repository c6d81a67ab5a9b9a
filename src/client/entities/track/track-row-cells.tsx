import { AudioLines, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { OfflineMark } from '../offline/offline-mark';
import { useOfflineStatus } from '../offline/offline-status';
import { GATED_BUTTON_CLASS, playButtonProps, WhyNotPlayable } from './play-button-gate';
import { VersionTag } from './version-tag';

/**
 * The # cell of a playlist track row (the owner's sortable list, a collective's and a public one):
 * the number, sound bars on the playing track, and a play or pause button shown on the row's hover
 * or focus, and kept on a paused current track. The row must be a `group`. A track that cannot play
 * yet keeps its button, disabled with the reason (issue 10).
 */
export function TrackIndexCell({
  track,
  index,
  current,
  playing,
  onPlay,
}: {
  track: Pick<PlaylistTrack, 'id' | 'name' | 'playable' | 'processing'>;
  index: number;
  current: boolean;
  /** This track is the one playing now. */
  playing: boolean;
  onPlay: () => void;
}) {
  // Offline, only downloaded tracks play (issue 25): re-rendered when that changes.
  useOfflineStatus();
  const { reason, ...gate } = playButtonProps(track, playing, onPlay);
  return (
    <div className="relative flex h-8 items-center justify-center">
      <span
        className={cn(
          'text-sm text-muted-foreground tabular-nums group-focus-within:invisible group-hover:invisible',
          current && 'invisible',
        )}
      >
        {index + 1}
      </span>
      {playing && <AudioLines className="absolute size-4 text-primary group-hover:invisible" aria-hidden />}
      <WhyNotPlayable reason={reason}>
        <Button
          variant="ghost"
          size="icon"
          {...gate}
          className={cn(
            'absolute size-8 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100',
            current && !playing && 'opacity-100',
            GATED_BUTTON_CLASS,
            'aria-disabled:group-hover:opacity-50',
          )}
        >
          {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
        </Button>
      </WhyNotPlayable>
    </div>
  );
}

/** Name, artist (when given) and notes of a track, one line each; the current track's name in the accent colour. */
export function TrackTitleCell({
  track,
  current,
  artist,
}: {
  track: Pick<PlaylistTrack, 'id' | 'name' | 'notes' | 'version'>;
  current: boolean;
  /** Who it is by, under the title, in lists of many people's tracks (Liked). */
  artist?: string;
}) {
  return (
    <div className="min-w-0">
      <p className={cn('flex min-w-0 items-center text-sm leading-5 font-medium', current && 'text-primary')}>
        <Link href={`/track/${track.id}`} className="min-w-0 truncate hover:underline">
          {track.name}
        </Link>
        {/* A newer file than the first: comments made before may be about an older version. */}
        <VersionTag version={track.version} className="ml-1.5" />
      </p>
      {artist && <p className="truncate text-xs leading-4 text-muted-foreground">{artist}</p>}
      {track.notes && <p className="truncate text-xs leading-4 text-muted-foreground">{track.notes}</p>}
      <OfflineMark trackId={track.id} className="leading-4" />
    </div>
  );
}

/** The column names above a list of track rows: drawn for the eye, hidden from screen readers (the rows name themselves). */
export function TrackListHeading({ grid, children }: { grid: string; children: ReactNode }) {
  return (
    <div
      aria-hidden
      className={cn(
        grid,
        'h-9 border-b border-border text-xs font-medium tracking-wider text-muted-foreground uppercase',
      )}
    >
      {children}
    </div>
  );
}

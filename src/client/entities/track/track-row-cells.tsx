import { AudioLines, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { KeptOfflineMark, OfflineMark } from '../offline/offline-mark';
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

/**
 * Name, artist (when given) and notes of a track; the current track's name in the accent colour.
 * `lines`: how many lines the name and the notes may take before they are cut (2; the sortable
 * playlist's rows, 48 px high for the keyboard's steps, take 1). A cut name shows whole on hover
 * (its title) and while its link has the focus (issue 42, decision 0550).
 */
export function TrackTitleCell({
  track,
  current,
  artist,
  lines = 2,
  marks,
}: {
  track: Pick<PlaylistTrack, 'id' | 'name' | 'notes' | 'version'>;
  current: boolean;
  /** Who it is by, under the title, in lists of many people's tracks (Liked). */
  artist?: string;
  lines?: 1 | 2;
  /** More marks after the title's (a collective's playlist: the version's status, issue 44). */
  marks?: ReactNode;
}) {
  const cut =
    lines === 1 ? 'truncate focus:whitespace-normal' : 'line-clamp-2 break-words focus:line-clamp-none';
  return (
    <div className="relative min-w-0">
      <p className={cn('flex min-w-0 items-center text-sm leading-5 font-medium', current && 'text-primary')}>
        <Link
          href={`/track/${track.id}`}
          data-testid="track-name"
          title={track.name}
          // Touch screens: 24 px high, not the 44 px floor of index.css (with the notes under it,
          // that overflowed the sortable playlist's 48 px rows), taking taps over the whole cell.
          className={cn(
            'min-w-0 hover:underline pointer-coarse:min-h-6 pointer-coarse:after:absolute pointer-coarse:after:inset-x-0 pointer-coarse:after:top-1/2 pointer-coarse:after:h-11 pointer-coarse:after:-translate-y-1/2',
            cut,
          )}
        >
          {track.name}
        </Link>
        {/* A newer file than the first: comments made before may be about an older version. */}
        <VersionTag version={track.version} className="ml-1.5" />
        <KeptOfflineMark trackId={track.id} className="ml-1.5" />
        {marks}
      </p>
      {artist && <p className="truncate text-xs leading-4 text-muted-foreground">{artist}</p>}
      {track.notes && (
        <p
          title={track.notes}
          className={cn(
            'text-xs leading-4 text-muted-foreground',
            lines === 1 ? 'truncate' : 'line-clamp-2 break-words',
          )}
        >
          {track.notes}
        </p>
      )}
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
        // Phones: the rows say what they hold; the line of names cost the first screen a row (0555).
        'h-8 border-b border-border text-xs font-medium tracking-wider text-muted-foreground uppercase max-sm:hidden',
      )}
    >
      {children}
    </div>
  );
}

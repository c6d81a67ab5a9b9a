import { Download, GitCompareArrows, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../shared/format';
import type { SharedTrack } from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import { GATED_BUTTON_CLASS, playButtonProps, WhyNotPlayable } from '../../entities/track/play-button-gate';
import { cn } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';
import { TrackWaveform } from '../../player/track-waveform';
import { usePlayFromList } from '../../player/use-play-from-list';
import { useCompare } from '../compare';
import { downloadUrlOf } from './use-listen-reporting';

/** One shared track as the page plays it: its player form and what the link says of it. */
export interface SharedEntry {
  player: PlayerTrack;
  shared: SharedTrack;
}

/** The file as uploaded, through the token; only when the link allows downloading. */
function DownloadLink({ track, compact = false }: { track: SharedTrack; compact?: boolean }) {
  if (!track.downloadUrl) return null;
  return (
    <Button asChild variant="outline" size={compact ? 'icon' : 'sm'} className={cn(compact && 'size-8')}>
      <a
        href={downloadUrlOf(track.downloadUrl)}
        download
        aria-label={compact ? `Download ${track.name}` : undefined}
        title={compact ? 'Download' : undefined}
      >
        <Download aria-hidden />
        {!compact && 'Download'}
      </a>
    </Button>
  );
}

/** "Compare versions" when the link allows its versions (issue 43): they come through the token. */
function CompareVersionsButton({ track }: { track: SharedTrack }) {
  const compare = useCompare();
  const { versionsUrl } = track;
  if (!compare.available || !versionsUrl) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => compare.open({ takes: [{ trackId: track.id, name: track.name, versionsUrl }] })}
    >
      <GitCompareArrows aria-hidden />
      Compare versions
    </Button>
  );
}

/**
 * The track a link plays now, large: play/pause, name, its waveform (click or keys seek; a click
 * on it while another track plays starts this one there) and the time. For a playlist it is the
 * list's current track, else its first.
 */
export function SharedNowPlaying({
  entry,
  queue,
  showName,
  overlay,
}: {
  entry: SharedEntry;
  queue: SharedEntry[];
  /** A playlist's panel names its track; a track link's heading already does. */
  showName: boolean;
  /** Laid over the waveform, its size: a review link's comment markers (issue 45). */
  overlay?: ReactNode;
}) {
  const tracks = queue.map((e) => e.player);
  const { player, play } = usePlayFromList(tracks);
  const { player: track, shared } = entry;
  const current = player.currentTrack?.id === track.id;
  const playing = current && player.isPlaying;
  const { reason, ...button } = playButtonProps(track, playing, () => play(track));
  const total = current && player.duration > 0 ? player.duration : (track.duration ?? null);

  return (
    <section aria-label="Listen" className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex items-center gap-4">
        <WhyNotPlayable reason={reason}>
          <Button
            size="icon"
            className={cn('size-14 shrink-0 rounded-full shadow-lg shadow-primary/20', GATED_BUTTON_CLASS)}
            {...button}
          >
            {playing ? (
              <Pause className="size-6! fill-current" aria-hidden />
            ) : (
              <Play className="size-6! translate-x-px fill-current" aria-hidden />
            )}
          </Button>
        </WhyNotPlayable>
        <div className="min-w-0 flex-1">
          {showName && <p className="truncate text-lg font-semibold">{track.name}</p>}
          <p className={cn(showName ? 'text-sm text-muted-foreground' : 'text-base font-semibold')}>
            {reason ?? (playing ? 'Playing' : current ? 'Paused' : 'Ready to play')}
          </p>
          {!showName && <p className="text-sm text-muted-foreground">Seek anywhere on the waveform</p>}
        </div>
      </div>
      <div className="relative mt-4">
        <TrackWaveform track={track} queue={tracks} className="border-0 bg-muted/40 p-3" />
        {overlay && <div className="pointer-events-none absolute inset-3">{overlay}</div>}
      </div>
      <div className="mt-3 flex min-h-8 items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground tabular-nums" data-testid="share-time">
          {current ? formatDuration(player.currentTime, '0:00') : '0:00'}
          <span aria-hidden> / </span>
          <span className="sr-only"> of </span>
          {formatDuration(total)}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <CompareVersionsButton track={shared} />
          <DownloadLink track={shared} />
        </div>
      </div>
    </section>
  );
}

/** A playlist link's tracks in the playlist's order; the current one marked, each playable. */
export function SharedTrackList({ entries }: { entries: SharedEntry[] }) {
  const tracks = entries.map((e) => e.player);
  const { player, play } = usePlayFromList(tracks);
  return (
    <ol
      aria-label="Tracks"
      className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card"
    >
      {entries.map(({ player: track, shared }, index) => {
        const current = player.currentTrack?.id === track.id;
        const { reason, ...button } = playButtonProps(track, current && player.isPlaying, () => play(track));
        return (
          <li
            key={track.id}
            aria-current={current ? 'true' : undefined}
            className={cn('flex items-center gap-3 px-3 py-2.5 sm:px-4', current && 'bg-primary/10')}
          >
            <span className="w-5 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
              {index + 1}
            </span>
            <WhyNotPlayable reason={reason}>
              <Button
                size="icon"
                variant={current ? 'default' : 'secondary'}
                className={cn('size-8 shrink-0 rounded-full', GATED_BUTTON_CLASS)}
                {...button}
              >
                {current && player.isPlaying ? (
                  <Pause className="fill-current" aria-hidden />
                ) : (
                  <Play className="translate-x-px fill-current" aria-hidden />
                )}
              </Button>
            </WhyNotPlayable>
            <span className={cn('min-w-0 flex-1 truncate text-sm', current && 'font-semibold text-primary')}>
              {track.name}
            </span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {formatDuration(track.duration)}
            </span>
            <DownloadLink track={shared} compact />
          </li>
        );
      })}
    </ol>
  );
}

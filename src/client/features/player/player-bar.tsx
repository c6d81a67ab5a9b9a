import { AudioLines, Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Slider } from '../../components/ui/slider';
import { cn } from '../../lib/utils';
import { formatTime } from './player-queue';
import { usePlayer } from './use-player';

/**
 * The progress bar: click or drag anywhere on it to seek (keyboard arrows too, on the thumb). While
 * dragging it shows the dragged position and seeks once, on release, instead of on every move.
 */
function SeekBar() {
  const { currentTrack, currentTime, duration, seek } = usePlayer();
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <Slider
      aria-label="Seek"
      data-testid="seek-bar"
      min={0}
      max={Math.max(duration, 0.01)}
      step={0.1}
      value={[dragging ?? Math.min(currentTime, duration)]}
      disabled={currentTrack === null || duration <= 0}
      onValueChange={([seconds]) => seconds !== undefined && setDragging(seconds)}
      onValueCommit={([seconds]) => {
        setDragging(null);
        if (seconds !== undefined) seek(seconds);
      }}
    />
  );
}

/** The fixed bottom bar (spec section 2, player bar); every control is inert until a track is chosen. */
export function PlayerBar({ className }: { className?: string }) {
  const player = usePlayer();
  const { currentTrack, isPlaying, currentTime, duration, volume } = player;
  const noTrack = currentTrack === null;

  return (
    <section
      aria-label="Player"
      className={cn(
        'grid h-20 shrink-0 grid-cols-[minmax(0,1fr)_minmax(0,2fr)] items-center gap-4 border-t border-border bg-card/95 px-4 backdrop-blur md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]',
        className,
      )}
    >
      <div className="flex min-w-0 items-center gap-3">
        <div
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-md',
            noTrack ? 'bg-muted text-muted-foreground' : 'bg-primary/20 text-primary',
          )}
        >
          <AudioLines className={cn('size-5', isPlaying && 'animate-pulse')} aria-hidden />
        </div>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{currentTrack?.name ?? 'No track selected'}</p>
          <p className="truncate text-xs text-muted-foreground">
            {noTrack ? 'Choose a track to play' : 'Your Recording'}
          </p>
        </div>
      </div>

      <div className="flex flex-col items-center gap-1.5">
        <div className="flex items-center gap-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous"
            disabled={noTrack}
            onClick={player.previous}
          >
            <SkipBack />
          </Button>
          <Button
            size="icon"
            className="size-10 rounded-full"
            aria-label={isPlaying ? 'Pause' : 'Play'}
            disabled={noTrack}
            onClick={player.togglePlay}
          >
            {isPlaying ? (
              <Pause className="fill-current" />
            ) : (
              <Play className="translate-x-px fill-current" />
            )}
          </Button>
          <Button variant="ghost" size="icon" aria-label="Next" disabled={noTrack} onClick={player.next}>
            <SkipForward />
          </Button>
        </div>
        <div className="flex w-full max-w-xl items-center gap-2 text-xs text-muted-foreground tabular-nums">
          <span className="w-10 text-right" data-testid="player-elapsed">
            {formatTime(currentTime)}
          </span>
          <SeekBar />
          <span className="w-10" data-testid="player-total">
            {formatTime(duration)}
          </span>
        </div>
      </div>

      {/* Volume is stored 0 to 1 but shown 0 to 100 (spec section 2); hidden on small screens. */}
      <div className="hidden items-center justify-end gap-2 md:flex">
        {volume === 0 ? (
          <VolumeX className="size-4 text-muted-foreground" aria-hidden />
        ) : (
          <Volume2 className="size-4 text-muted-foreground" aria-hidden />
        )}
        <Slider
          aria-label="Volume"
          className="w-28"
          min={0}
          max={100}
          step={1}
          value={[Math.round(volume * 100)]}
          disabled={noTrack}
          onValueChange={([percent]) => percent !== undefined && player.setVolume(percent / 100)}
        />
      </div>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import {
  AudioLines,
  Keyboard,
  ListMusic,
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { useRef, useState } from 'react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Slider } from '../../components/ui/slider';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { lazyDialog } from '../../lib/lazy-dialog';
import { cn } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';
import { formatTime } from '../../player/player-queue';
import { usePlayer } from '../../player/use-player';
import { CompareHost } from '../compare';
import { PlaybackModeButtons } from './playback-mode-buttons';
import { PlayerSeek } from './player-seek';
import { usePlayerShortcuts } from './use-player-shortcuts';

/** Loaded when first opened (issue 11, decision 0074): the shortcuts and the queue are not on the first paint. */
const ShortcutsDialog = lazyDialog(() => import('./shortcuts-dialog').then((m) => m.ShortcutsDialog));
/** The queue sheet's content (dnd-kit for reordering): rendered once the queue is first opened. */
const QueuePanel = lazyDialog(() => import('./queue-panel').then((m) => m.QueuePanel));

/** Mute toggle and the volume slider, shown 0 to 100 though stored 0 to 1 (spec section 2). */
function VolumeControl({ disabled }: { disabled: boolean }) {
  const { volume, muted, setMuted, setVolume } = usePlayer();
  const silent = muted || volume === 0;
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        disabled={disabled}
        className="text-muted-foreground"
        onClick={() => setMuted(!muted)}
      >
        {silent ? <VolumeX /> : <Volume2 />}
      </Button>
      <Slider
        aria-label="Volume"
        className="w-28"
        min={0}
        max={100}
        step={1}
        value={muted ? 0 : Math.round(volume * 100)}
        aria-valuetext={`${muted ? 0 : Math.round(volume * 100)}%`}
        disabled={disabled}
        onValueChange={(percent) => setVolume(percent / 100)}
      />
    </div>
  );
}

/**
 * The line under the title (spec section 2 says 'Your Recording'): that holds for the signed-in
 * person's own tracks, but a collective's or another profile's track shows its owner's name there
 * (decision 0112). A track that does not say whose it is keeps the spec's label, except one played
 * through a share link (its own `streamUrl`): the link names its owner, never their id (0335).
 */
export function trackSubLabel(
  track: Pick<PlayerTrack, 'userId' | 'artist' | 'streamUrl'>,
  viewerId: string | undefined,
) {
  const someoneElses = track.userId !== undefined ? track.userId !== viewerId : track.streamUrl !== undefined;
  return someoneElses ? track.artist || 'Unknown' : 'Your Recording';
}

/**
 * The fixed bottom bar (spec section 2, player bar; issue 10): track, transport, waveform or seek
 * bar, the queue panel, shuffle and repeat, volume with mute, and the keyboard shortcuts, which
 * live as long as the bar does. Every control is inert until a track is chosen.
 */
export function PlayerBar({ className }: { className?: string }) {
  const player = usePlayer();
  const { currentTrack, isPlaying, currentTime, duration } = player;
  const noTrack = currentTrack === null;
  // Read, not subscribed, like the Media Session: the bar must not fetch who is signed in itself.
  const viewer = useQueryClient().getQueryData<AuthUser | null>(AUTH_USER_QUERY_KEY);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [queueOpen, setQueueOpen] = useState(false);
  const queueButton = useRef<HTMLButtonElement>(null);
  usePlayerShortcuts(player, () => setShortcutsOpen(true));

  return (
    <>
      {/* The A/B comparison (issue 43) opens above the bar. */}
      <CompareHost />
      <section
        aria-label="Player"
        className={cn(
          // Phones: track and buttons on one row, the waveform across the whole width below; a little
          // less padding, so the title keeps its room beside four 44 px tap targets (decision 0365).
          // Wider: track | buttons over waveform | volume. No backdrop blur: nothing scrolls under
          // the bar (the frame is fixed), and a blur is drawn again each time the waveform moves,
          // which took a playing page from half a core to more than one (decision 0919).
          'grid min-h-20 shrink-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 border-t border-border bg-card/95 px-3 py-2 sm:gap-x-4 sm:px-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]',
          className,
        )}
      >
        <div className="flex min-w-0 items-center gap-3 md:row-span-2">
          {/* Phones: the title needs the width more than this picture does (decision 0114). */}
          <div
            className={cn(
              'hidden size-11 shrink-0 items-center justify-center rounded-md sm:flex',
              noTrack ? 'bg-muted text-muted-foreground' : 'bg-primary/20 text-primary',
            )}
          >
            <AudioLines className={cn('size-5', isPlaying && 'animate-pulse')} aria-hidden />
          </div>
          <div className="min-w-0">
            <p
              data-testid="player-title"
              className="line-clamp-2 text-sm font-medium break-words sm:line-clamp-1"
            >
              {currentTrack?.name ?? 'No track selected'}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {currentTrack ? trackSubLabel(currentTrack, viewer?.id) : 'Choose a track to play'}
            </p>
          </div>
        </div>

        {/* Phones: four 44 px buttons side by side leave the title more than 180 px (decisions 0114, 0365). */}
        <div className="flex items-center justify-self-end sm:gap-2 md:justify-self-center">
          <PlaybackModeButtons className="hidden md:flex" />
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
          {/* The sheet's trigger, by hand: Radix Dialog comes with the panel (decision 0077). */}
          <Button
            ref={queueButton}
            variant="ghost"
            size="icon"
            aria-label="Queue"
            aria-haspopup="dialog"
            aria-expanded={queueOpen}
            data-state={queueOpen ? 'open' : 'closed'}
            className={cn(queueOpen ? 'text-primary' : 'text-muted-foreground')}
            onClick={() => setQueueOpen(!queueOpen)}
          >
            <ListMusic />
          </Button>
          <QueuePanel open={queueOpen} onOpenChange={setQueueOpen} returnFocus={queueButton} />
        </div>

        {/* Touch screens: room for the seek control's 44 px target, 8 px beyond its 28 (decision 0365). */}
        <div className="col-span-2 flex w-full max-w-xl items-center gap-2 justify-self-center text-xs text-muted-foreground tabular-nums pointer-coarse:py-2 md:col-span-1 md:col-start-2">
          <span className="w-10 shrink-0 text-right" data-testid="player-elapsed">
            {formatTime(currentTime)}
          </span>
          <div className="min-w-0 flex-1">
            <PlayerSeek />
          </div>
          <span className="w-10 shrink-0" data-testid="player-total">
            {formatTime(duration)}
          </span>
        </div>

        {/* Hidden on small screens, where the device's own volume rules (spec section 2). */}
        <div className="hidden items-center justify-end gap-1 md:col-start-3 md:row-span-2 md:row-start-1 md:flex">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Keyboard shortcuts"
            className="text-muted-foreground"
            onClick={() => setShortcutsOpen(true)}
          >
            <Keyboard />
          </Button>
          <VolumeControl disabled={noTrack} />
        </div>
        <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      </section>
    </>
  );
}

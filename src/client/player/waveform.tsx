import type * as React from 'react';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { PLAYER } from '../../shared/constants';
import { cn } from '../lib/utils';
import { formatTime } from './player-queue';

// Theme colours as sRGB (canvas drawing, not CSS): --color-muted-foreground dimmed, --color-primary.
const WAVE_COLOR = 'rgba(154, 158, 168, 0.45)';
const PROGRESS_COLOR = '#52d0b3';
// Over a spectrogram (decision 0843) the bars give way to the picture: no bars, the part played
// veiled lightly and a cursor where the playhead is.
const OVER_PICTURE = {
  waveColor: 'rgba(0, 0, 0, 0)',
  progressColor: 'rgba(255, 255, 255, 0.16)',
  cursorColor: '#ffffff',
  cursorWidth: 2,
} as const;
/** WCAG 2.5.5's target size, in CSS px. */
const TAP_TARGET = 44;

/**
 * A track's waveform drawn by wavesurfer.js from the server's pre-computed peaks (no decoding in
 * the browser), following and seeking `media`: the app's own <audio> element, so wavesurfer never
 * makes one. Click or drag to seek; for keyboards and screen readers it is a slider (arrows ±5 s,
 * Page Up/Down ±30 s, Home/End) whose value is read as "1:05 of 3:20".
 */
export function Waveform({
  peaks,
  duration,
  media,
  position,
  onSeek,
  height = 32,
  label = 'Seek',
  testId,
  className,
  overPicture = false,
  children,
}: {
  peaks: number[];
  duration: number;
  media: HTMLMediaElement;
  /** Seconds, for the slider's value. */
  position: number;
  onSeek: (seconds: number) => void;
  height?: number;
  label?: string;
  testId?: string;
  className?: string;
  /** Drawn over a picture of the take (its spectrogram, given as `children`): no bars of its own. */
  overPicture?: boolean;
  /** Shown under the drawing, the same size: the spectrogram. */
  children?: React.ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const onSeekRef = useRef(onSeek);
  onSeekRef.current = onSeek;

  useEffect(() => {
    if (!container.current) return;
    const wavesurfer = WaveSurfer.create({
      container: container.current,
      media,
      // The min/max pairs, flattened, read as samples: each bar spans its bucket's min to max.
      peaks: [peaks],
      duration,
      height,
      waveColor: WAVE_COLOR,
      progressColor: PROGRESS_COLOR,
      cursorWidth: 0,
      ...(overPicture ? OVER_PICTURE : {}),
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      dragToSeek: true,
      hideScrollbar: true,
    });
    drawProgressByThePixel(wavesurfer);
    const unsubscribe = wavesurfer.on('interaction', (seconds) => onSeekRef.current(seconds));
    return () => {
      unsubscribe();
      wavesurfer.destroy();
    };
  }, [peaks, duration, media, height, overPicture]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = PLAYER.seekStepSeconds;
    const moves: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      PageDown: position - 30,
      PageUp: position + 30,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    // Handled here: the player's global ←/→ shortcuts must not seek a second time.
    event.preventDefault();
    onSeek(Math.min(Math.max(0, target), duration));
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(Math.min(position, duration))}
      aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
      data-testid={testId}
      onKeyDown={onKeyDown}
      // Touch screens (decision 0365): padding takes the slider to a 44 px tap target while negative
      // margins keep its room; a tap on that padding, outside wavesurfer's own area, seeks too.
      onPointerDown={(event) => {
        if (event.target !== event.currentTarget || duration <= 0) return;
        const box = event.currentTarget.getBoundingClientRect();
        if (box.width <= 0) return;
        const fraction = Math.min(Math.max(0, (event.clientX - box.left) / box.width), 1);
        onSeek(fraction * duration);
      }}
      style={{ '--tap-pad': `${Math.max(0, (TAP_TARGET - height) / 2)}px` } as CSSProperties}
      className={cn(
        'w-full cursor-pointer rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:-my-(--tap-pad) pointer-coarse:py-(--tap-pad)',
        className,
      )}
    >
      <div className="relative" style={{ height }}>
        {children}
        <div ref={container} data-testid="waveform" className="relative" style={{ height }} />
      </div>
    </div>
  );
}

/**
 * While playing, the played part is drawn at most this often: 20 steps a second look like motion,
 * and each draw repaints both of wavesurfer's canvases (decision 0920).
 */
const PLAYING_DRAW_INTERVAL_MS = 50;

/**
 * wavesurfer draws the played part on every animation frame while the media plays; a frame where it
 * has not moved by a device pixel changes nothing on screen but its repaint. Over a 3-minute take on
 * a 500 px waveform that is 57 frames in 60 each second (decision 0919). A short take moves by a
 * pixel or more every frame (a 6-second sample on 480 px: 80 px a second), so while playing the
 * drawing is also kept to one each PLAYING_DRAW_INTERVAL_MS: headless Chromium playing a sample went
 * from 38–47 % of a core to 32 % (decision 0920). Seeks, pauses and drags are always drawn at once.
 */
export function drawProgressByThePixel(wavesurfer: WaveSurfer, now: () => number = () => performance.now()) {
  const renderer = wavesurfer.getRenderer();
  const draw = renderer.renderProgress.bind(renderer);
  let drawn: number | undefined;
  let drawnAt = Number.NEGATIVE_INFINITY;
  renderer.renderProgress = (progress, isPlaying) => {
    const pixel = Math.round(progress * renderer.getWidth() * (window.devicePixelRatio || 1));
    const at = now();
    if (isPlaying && (pixel === drawn || at - drawnAt < PLAYING_DRAW_INTERVAL_MS)) return;
    drawn = pixel;
    drawnAt = at;
    draw(progress, isPlaying);
  };
}

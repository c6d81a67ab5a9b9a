import type { KeyboardEvent } from 'react';
import { PLAYER } from '../../../shared/constants';
import type { TrackCommentThread } from '../../../shared/schemas/track-comments';
import { formatTime } from '../../player/player-queue';
import { CommentMarkers } from '../track-comments';

/** Columns drawn: enough for a 1000 px wide bar, cheap for an hour-long take's peaks. */
const COLUMNS = 240;
const VIEW_W = 1000;

type Peaks = { peaks: number[]; duration: number } | null;

/** Min/max per column, from the server's flattened min/max pairs, placed on the timeline. */
function columns(wave: Peaks, offset: number, total: number) {
  if (!wave || wave.peaks.length < 2 || total <= 0) return [];
  const pairs = Math.floor(wave.peaks.length / 2);
  const out: { x: number; w: number; min: number; max: number }[] = [];
  const step = Math.max(1, Math.ceil(pairs / COLUMNS));
  for (let i = 0; i < pairs; i += step) {
    let min = 0;
    let max = 0;
    for (let j = i; j < Math.min(pairs, i + step); j++) {
      min = Math.min(min, wave.peaks[2 * j] ?? 0);
      max = Math.max(max, wave.peaks[2 * j + 1] ?? 0);
    }
    const start = (i / pairs) * wave.duration - offset;
    out.push({ x: (start / total) * VIEW_W, w: ((step / pairs) * wave.duration * VIEW_W) / total, min, max });
  }
  return out;
}

/**
 * Both slots on one timeline (issue 43): A filled, B as an outline over it, shifted by its offset;
 * the position, and the heard version's open comments. A slider for keyboards and screen readers
 * (arrows ±5 s, Page Up/Down ±30 s, Home/End); a click seeks.
 */
export function CompareWaveform({
  a,
  b,
  offsetB,
  position,
  onSeek,
  threads,
  height = 56,
}: {
  a: Peaks;
  b: Peaks;
  offsetB: number;
  position: number;
  onSeek: (seconds: number) => void;
  /** The heard version's comments, already on the timeline. */
  threads: TrackCommentThread[];
  height?: number;
}) {
  const total = Math.max(a?.duration ?? 0, (b?.duration ?? 0) - offsetB, 1);
  const half = height / 2;
  const y = (v: number) => half - v * half;
  const colsA = columns(a, 0, total);
  const colsB = columns(b, offsetB, total);
  const outline =
    colsB.length > 0
      ? `M${colsB.map((c) => `${c.x.toFixed(1)},${y(c.max).toFixed(1)}`).join('L')}L${[...colsB]
          .reverse()
          .map((c) => `${c.x.toFixed(1)},${y(c.min).toFixed(1)}`)
          .join('L')}Z`
      : '';
  const at = Math.min(Math.max(0, position), total);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = PLAYER.seekStepSeconds;
    const moves: Record<string, number> = {
      ArrowLeft: at - step,
      ArrowDown: at - step,
      ArrowRight: at + step,
      ArrowUp: at + step,
      PageDown: at - 30,
      PageUp: at + 30,
      Home: 0,
      End: total,
    };
    const target = moves[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onSeek(Math.min(Math.max(0, target), total));
  };

  return (
    <div className="relative">
      <div
        role="slider"
        tabIndex={0}
        aria-label="Seek in the comparison"
        aria-valuemin={0}
        aria-valuemax={Math.round(total)}
        aria-valuenow={Math.round(at)}
        aria-valuetext={`${formatTime(at)} of ${formatTime(total)}`}
        data-testid="compare-waveform"
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          if (box.width <= 0) return;
          onSeek(Math.min(Math.max(0, (event.clientX - box.left) / box.width), 1) * total);
        }}
        className="cursor-pointer rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <svg
          viewBox={`0 0 ${VIEW_W} ${height}`}
          preserveAspectRatio="none"
          className="block w-full"
          style={{ height }}
          aria-hidden
        >
          {colsA.map((c) => (
            <rect
              key={c.x}
              x={c.x}
              y={y(c.max)}
              width={Math.max(1, c.w * 0.7)}
              height={Math.max(1, (c.max - c.min) * half)}
              className={c.x <= (at / total) * VIEW_W ? 'fill-primary' : 'fill-muted-foreground/45'}
            />
          ))}
          {outline && (
            <path
              d={outline}
              data-testid="compare-outline-b"
              className="fill-none stroke-amber-300"
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
          )}
          <line
            x1={(at / total) * VIEW_W}
            x2={(at / total) * VIEW_W}
            y1={0}
            y2={height}
            className="stroke-foreground"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <CommentMarkers threads={threads} duration={total} size="sm" onSelect={(t) => onSeek(t.atSeconds)} />
    </div>
  );
}

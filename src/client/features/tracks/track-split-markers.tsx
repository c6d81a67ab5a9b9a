import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { formatDuration } from '../../../shared/format';
import { SPLIT_KEY_STEP_SECONDS, type TrackSplit } from './use-track-split';

/**
 * The split points over the owner's waveform (issue 47): a line through the waveform and a handle
 * above it, each a slider: drag it, or focus it and move it with the arrow keys (PageUp/PageDown
 * ten times as far), Delete removes it. Laid over a `relative` parent the size of the waveform.
 */
export function TrackSplitMarkers({ split }: { split: TrackSplit }) {
  const area = useRef<HTMLDivElement>(null);
  const { duration, points } = split;
  if (!split.enabled || duration <= 0) return null;
  const pct = (s: number) => `${(s / duration) * 100}%`;

  const secondsAt = (clientX: number) => {
    const rect = area.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return null;
    return ((clientX - rect.left) / rect.width) * duration;
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
  };
  const onPointerMove = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (!event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
    const seconds = secondsAt(event.clientX);
    if (seconds !== null) split.move(index, seconds);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 }[
      event.key
    ];
    if (step !== undefined) {
      event.preventDefault();
      split.move(index, points[index]! + step * SPLIT_KEY_STEP_SECONDS);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      split.remove(index);
    }
  };

  return (
    <div ref={area} data-testid="split-markers" className="pointer-events-none absolute inset-0">
      {points.map((at, index) => (
        // Keyed by place, not time: a dragged marker keeps its element (and its focus).
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the marker's identity here
        <div key={index}>
          <span
            aria-hidden
            className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-primary/80"
            style={{ left: pct(at) }}
          />
          <button
            type="button"
            role="slider"
            data-testid="split-marker"
            data-at={at}
            aria-label={`Split point ${index + 1}`}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={at}
            aria-valuetext={formatDuration(at)}
            aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown Delete"
            title={`Split at ${formatDuration(at)}: drag or use the arrow keys, Delete removes it`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove(index)}
            onKeyDown={onKeyDown(index)}
            className="pointer-events-auto absolute -top-3 size-4 -translate-x-1/2 cursor-ew-resize touch-none rounded-full border-2 border-background bg-primary shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            style={{ left: pct(at) }}
          />
        </div>
      ))}
    </div>
  );
}

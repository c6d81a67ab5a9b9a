import { type CSSProperties, useEffect, useRef } from 'react';
import { cn } from '../../lib/utils';

export interface SliderProps {
  value: number;
  min?: number;
  max: number;
  step?: number;
  disabled?: boolean;
  className?: string;
  'aria-label': string;
  'aria-valuetext'?: string;
  'data-testid'?: string;
  /** Every move while dragging or stepping. */
  onValueChange?: (value: number) => void;
  /** Once the pointer lets go (or a key step ends): the value to act on. */
  onValueCommit?: (value: number) => void;
}

/**
 * A single-thumb slider on the native `<input type="range">`: the browser gives it the slider role,
 * arrows, Home/End and touch for free, in none of the first route's bytes (decision 0295). On touch
 * screens the input is 44 px tall (the whole box takes taps) and takes the room of 28 px, as the
 * waveform does, its margins reaching 8 px beyond; the thumb is larger (decision 0365).
 */
export function Slider({
  value,
  min = 0,
  max,
  step = 1,
  disabled,
  className,
  onValueChange,
  onValueCommit,
  ...aria
}: SliderProps) {
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onValueCommit);
  commit.current = onValueCommit;
  // React's onChange is the DOM's `input` event; the DOM's `change` (on release) is the commit.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onChange = () => commit.current?.(element.valueAsNumber);
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, []);
  const span = max - min;
  const filled = span > 0 ? ((Math.min(Math.max(value, min), max) - min) / span) * 100 : 0;

  return (
    <input
      ref={input}
      type="range"
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      onChange={(event) => onValueChange?.(event.currentTarget.valueAsNumber)}
      style={{ '--slider-filled': `${filled}%` } as CSSProperties}
      className={cn(
        'h-3.5 w-full cursor-pointer appearance-none bg-transparent touch-none pointer-coarse:-my-2 pointer-coarse:h-11 disabled:cursor-default disabled:opacity-50 focus-visible:outline-none',
        // The track: filled up to the value, muted after it.
        '[&::-webkit-slider-runnable-track]:h-1.5 [&::-webkit-slider-runnable-track]:rounded-full [&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--slider-filled),var(--color-muted)_var(--slider-filled))]',
        '[&::-moz-range-track]:h-1.5 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-muted [&::-moz-range-progress]:h-1.5 [&::-moz-range-progress]:rounded-full [&::-moz-range-progress]:bg-primary',
        // The thumb, as the design system draws it.
        '[&::-webkit-slider-thumb]:-mt-1 [&::-webkit-slider-thumb]:size-3.5 pointer-coarse:[&::-webkit-slider-thumb]:-mt-[7px] pointer-coarse:[&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-background [&::-webkit-slider-thumb]:shadow [&::-webkit-slider-thumb]:transition-transform hover:[&::-webkit-slider-thumb]:scale-110 focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-ring',
        '[&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-background focus-visible:[&::-moz-range-thumb]:ring-2 focus-visible:[&::-moz-range-thumb]:ring-ring',
        className,
      )}
      {...aria}
    />
  );
}

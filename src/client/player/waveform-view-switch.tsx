import { cn } from '../lib/utils';
import { WAVEFORM_VIEWS, type WaveformView } from './waveform-view';

/**
 * "Waveform" / "Spectrogram" (decision 0843): a group of two toggle buttons, the one shown pressed,
 * as a toggle group is (the Radix toggle group is not among the dependencies; this is its markup).
 */
export function WaveformViewSwitch({
  view,
  onChange,
  className,
}: {
  view: WaveformView;
  onChange: (view: WaveformView) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn('inline-flex gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}>
      <legend className="sr-only">Show the take as</legend>
      {WAVEFORM_VIEWS.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={view === option.id}
          onClick={() => onChange(option.id)}
          className="inline-flex h-7 cursor-pointer items-center rounded-md px-2.5 text-xs font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm pointer-coarse:h-11"
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

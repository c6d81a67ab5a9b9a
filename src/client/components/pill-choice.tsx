import { useId } from 'react';
import { cn } from '../lib/utils';

/**
 * A short choice as a row of pills: real radio buttons (arrow keys move the choice) under a
 * fieldset whose legend names it. Manage Invites and the Share… dialog choose an expiry with it.
 */
export function PillChoice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex flex-wrap items-center gap-2', className)}>
      <legend className="float-left mr-2 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <label
          key={option}
          className={cn(
            // Touch screens: a 44 px tall pill, as the search page's kind links (decision 0365).
            'flex cursor-pointer items-center rounded-full border px-3 py-1 text-sm transition-colors pointer-coarse:min-h-11 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            value === option
              ? 'border-primary bg-primary/15 text-foreground'
              : 'border-border text-muted-foreground hover:bg-accent/60',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}

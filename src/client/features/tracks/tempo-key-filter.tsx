import { useEffect, useId, useState } from 'react';
import { MUSICAL_KEYS } from '../../../shared/musical-keys';
import { BPM_LIMITS } from '../../../shared/take-tempo-key';
import type { TrackFilter } from '../../../shared/track-filter';
import { Input } from '../../components/ui/input';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';
import { cn } from '../../lib/utils';

/** A bound as typed: a number within what GET /api/tracks takes, else no bound. */
function boundOf(text: string): number | undefined {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= BPM_LIMITS.max
    ? value
    : undefined;
}

/** One tempo bound, applied when the field is left or Enter pressed (not one history entry per key). */
function BpmBound({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const commit = () => {
    const next = boundOf(text);
    if (next !== value) onCommit(next);
    else setText(value === undefined ? '' : String(value));
  };
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={BPM_LIMITS.max}
        placeholder={label.includes('from') ? 'BPM from' : 'BPM to'}
        className="w-28 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
    </>
  );
}

/**
 * The journal filter's tempo range and key (issue 47, decision 0822): the tempo and key each track
 * shows (its owner's, else the measured one), kept in the URL with the rest of the filter.
 */
export function TempoKeyFilter({
  filter,
  set,
}: {
  filter: TrackFilter;
  set: (change: Partial<TrackFilter>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 max-sm:w-full">
      <BpmBound label="Tempo from (BPM)" value={filter.bpmFrom} onCommit={(bpmFrom) => set({ bpmFrom })} />
      <BpmBound label="Tempo to (BPM)" value={filter.bpmTo} onCommit={(bpmTo) => set({ bpmTo })} />
      <select
        aria-label="Key"
        className={cn(SELECT_TRIGGER_CLASS, 'w-auto')}
        value={filter.key ?? ''}
        onChange={(event) => set({ key: event.target.value || undefined })}
      >
        <option value="">Any key</option>
        {MUSICAL_KEYS.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </select>
    </div>
  );
}

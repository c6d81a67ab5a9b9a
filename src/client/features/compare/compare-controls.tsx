import { useState } from 'react';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';
import { cn } from '../../lib/utils';
import { COMPARE_TEXT, type SlotId } from './compare-constants';
import { COMPARE_MODES, type CompareMode, gainLabel, MODE_LABELS } from './compare-gains';
import type { CompareSlotChoice } from './use-compare-takes';

const MODE_KEY = 'journal.compare.mode';

/** The level mode, remembered on this device; "Matched" by default (issue 43). */
export function useCompareMode() {
  return useState<CompareMode>(() => {
    const saved = (() => {
      try {
        return localStorage.getItem(MODE_KEY);
      } catch {
        return null;
      }
    })();
    return COMPARE_MODES.includes(saved as CompareMode) ? (saved as CompareMode) : 'matched';
  });
}

function versionLabel(v: TrackVersion, trackName: string | null) {
  const state = v.streamUrl ? '' : v.processingState === 'pending' ? ' (processing)' : ' (cannot play)';
  const note = v.note ? ` · ${v.note}` : '';
  return `${trackName ? `${trackName} ` : ''}v${v.version}${v.current ? ' (current)' : ''}${note}${state}`;
}

/** A slot: its letter, the version picker and the gain it plays at. */
export function SlotPicker({
  slot,
  heard,
  choice,
  gainDb,
  mode,
  unmeasured,
  onPick,
  showTrack = false,
}: {
  slot: SlotId;
  heard: boolean;
  choice: CompareSlotChoice;
  gainDb: number;
  mode: CompareMode;
  unmeasured: boolean;
  onPick: (version: number) => void;
  /** Two takes: each slot names its track. */
  showTrack?: boolean;
}) {
  const id = `compare-slot-${slot}`;
  return (
    <div
      data-testid={id}
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border p-2',
        heard ? 'border-primary bg-primary/10' : 'border-border',
      )}
    >
      <label htmlFor={`${id}-version`} className="text-xs font-semibold">
        {slot}
        {showTrack && <span className="ml-1 font-normal [overflow-wrap:anywhere]">· {choice.take.name}</span>}
        {heard && <span className="ml-1 font-normal text-primary">· heard</span>}
      </label>
      <select
        id={`${id}-version`}
        className={cn(SELECT_TRIGGER_CLASS, 'w-full min-w-0')}
        value={choice.chosen?.version ?? ''}
        onChange={(event) => onPick(Number(event.target.value))}
        aria-label={`Version in slot ${slot}`}
      >
        {!choice.chosen && <option value="">No version to play</option>}
        {choice.versions.map((v) => (
          <option key={v.id} value={v.version} disabled={!v.streamUrl}>
            {versionLabel(v, null)}
          </option>
        ))}
      </select>
      <p className="text-xs text-muted-foreground tabular-nums" data-testid={`compare-gain-${slot}`}>
        {gainLabel(slot, mode, gainDb)}
        {unmeasured && <span className="block">{COMPARE_TEXT.unmeasured}</span>}
      </p>
    </div>
  );
}

/** The level mode: matched, as they are, or as a platform would play them. */
export function CompareLevels({ mode, onMode }: { mode: CompareMode; onMode: (mode: CompareMode) => void }) {
  return (
    <label className="flex items-center gap-2 text-xs text-muted-foreground">
      Levels
      <select
        className={cn(SELECT_TRIGGER_CLASS, 'h-9 text-foreground')}
        value={mode}
        onChange={(event) => {
          const next = event.target.value as CompareMode;
          try {
            localStorage.setItem(MODE_KEY, next);
          } catch {
            // A private window without storage: the mode lasts this comparison.
          }
          onMode(next);
        }}
      >
        {COMPARE_MODES.map((m) => (
          <option key={m} value={m}>
            {MODE_LABELS[m]}
          </option>
        ))}
      </select>
    </label>
  );
}

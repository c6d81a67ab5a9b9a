import { useId } from 'react';
import { MUSICAL_KEYS } from '../../../shared/musical-keys';
import type { Track } from '../../../shared/schemas/tracks';
import { BPM_LIMITS, roundBpm } from '../../../shared/take-tempo-key';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';

/** What the owner has typed and picked; `reset…` once they asked for the measured value back. */
export interface TempoKeyDraft {
  bpm: string;
  musicalKey: string;
  resetBpm: boolean;
  resetKey: boolean;
}

export const TEMPO_KEY_FIELD_TEXT = {
  bpmError: `Tempo must be a number from ${BPM_LIMITS.min} to ${BPM_LIMITS.max}`,
  reset: 'Reset to measured',
  afterReset: 'The measured value comes back once you save.',
  noKey: 'Unknown',
} as const;

export const draftOf = (track: Track): TempoKeyDraft => ({
  bpm: track.bpm === null ? '' : String(track.bpm),
  musicalKey: track.musicalKey ?? '',
  resetBpm: false,
  resetKey: false,
});

/**
 * What the draft changes, for PATCH /api/tracks/{id} (decision 0821): only what the owner touched,
 * since sending the shown value would keep a measure as the owner's; an emptied field or "Reset to
 * measured" is null. An unreadable tempo is `error`.
 */
export function tempoKeyChanges(
  track: Track,
  draft: TempoKeyDraft,
): { changes: { bpm?: number | null; musicalKey?: string | null }; error?: string } {
  const changes: { bpm?: number | null; musicalKey?: string | null } = {};
  const initial = draftOf(track);
  if (draft.resetBpm) changes.bpm = null;
  else if (draft.bpm.trim() !== initial.bpm) {
    const text = draft.bpm.trim();
    const value = Number(text);
    if (text === '') changes.bpm = null;
    else if (!Number.isFinite(value) || value < BPM_LIMITS.min || value > BPM_LIMITS.max) {
      return { changes, error: TEMPO_KEY_FIELD_TEXT.bpmError };
    } else if (roundBpm(value) !== track.bpm) changes.bpm = roundBpm(value);
  }
  if (draft.resetKey) changes.musicalKey = null;
  else if (draft.musicalKey !== initial.musicalKey) changes.musicalKey = draft.musicalKey || null;
  return { changes };
}

/** Tempo and key in the Edit Track dialog (issue 47): a number, one of the 24 keys, each resettable. */
export function TempoKeyFields({
  track,
  draft,
  onChange,
  error,
}: {
  track: Track;
  draft: TempoKeyDraft;
  onChange: (draft: TempoKeyDraft) => void;
  error?: string;
}) {
  const ids = { bpm: useId(), key: useId(), error: useId() };
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="grid content-start gap-2">
        <Label htmlFor={ids.bpm}>Tempo (BPM)</Label>
        <Input
          id={ids.bpm}
          inputMode="decimal"
          value={draft.resetBpm ? '' : draft.bpm}
          placeholder={draft.resetBpm ? 'Measured' : 'Unknown'}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => onChange({ ...draft, bpm: event.target.value, resetBpm: false })}
        />
        {error && (
          <p id={ids.error} className="text-xs text-destructive">
            {error}
          </p>
        )}
        {track.bpmEdited && !draft.resetBpm && (
          <Button
            variant="link"
            size="sm"
            className="h-auto justify-start p-0"
            onClick={() => onChange({ ...draft, resetBpm: true })}
          >
            {TEMPO_KEY_FIELD_TEXT.reset}
          </Button>
        )}
        {draft.resetBpm && <p className="text-xs text-muted-foreground">{TEMPO_KEY_FIELD_TEXT.afterReset}</p>}
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={ids.key}>Key</Label>
        <select
          id={ids.key}
          className={SELECT_TRIGGER_CLASS}
          value={draft.resetKey ? '' : draft.musicalKey}
          onChange={(event) => onChange({ ...draft, musicalKey: event.target.value, resetKey: false })}
        >
          <option value="">{draft.resetKey ? 'Measured' : TEMPO_KEY_FIELD_TEXT.noKey}</option>
          {MUSICAL_KEYS.map((key) => (
            <option key={key} value={key}>
              {key}
            </option>
          ))}
        </select>
        {track.keyEdited && !draft.resetKey && (
          <Button
            variant="link"
            size="sm"
            className="h-auto justify-start p-0"
            onClick={() => onChange({ ...draft, resetKey: true })}
          >
            {TEMPO_KEY_FIELD_TEXT.reset}
          </Button>
        )}
        {draft.resetKey && <p className="text-xs text-muted-foreground">{TEMPO_KEY_FIELD_TEXT.afterReset}</p>}
      </div>
    </div>
  );
}

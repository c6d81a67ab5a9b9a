import { Pencil } from 'lucide-react';
import type { Track } from '../../../shared/schemas/tracks';
import { isApproximate } from '../../../shared/take-tempo-key';
import { cn } from '../../lib/utils';

/** What the badges say (issue 47): the pencil's words for a screen reader, the ≈'s on hover. */
export const TEMPO_KEY_TEXT = {
  edited: 'set by you',
  approximate: 'approximate: the measure is unsure',
} as const;

/** Partial: a card may show a track from a reply made before tempo and key existed (none shown). */
type Shown = Partial<
  Pick<Track, 'bpm' | 'bpmConfidence' | 'bpmEdited' | 'musicalKey' | 'keyConfidence' | 'keyEdited'>
>;

/** "120 BPM" with a decimal only when there is one ("92.5 BPM"). */
export const bpmText = (bpm: number) => `${Number.isInteger(bpm) ? bpm : bpm.toFixed(1)} BPM`;

function Badge({
  text,
  edited,
  approximate,
  testId,
}: {
  text: string;
  edited: boolean;
  approximate: boolean;
  testId: string;
}) {
  const title = edited ? TEMPO_KEY_TEXT.edited : approximate ? TEMPO_KEY_TEXT.approximate : undefined;
  return (
    <span
      data-testid={testId}
      title={title}
      className="inline-flex shrink-0 items-center gap-0.5 rounded border border-border px-1 text-[10px] leading-4 font-medium whitespace-nowrap text-muted-foreground tabular-nums"
    >
      {approximate && (
        <>
          <span aria-hidden>≈</span>
          <span className="sr-only">about </span>
        </>
      )}
      {text}
      {edited && (
        <>
          <Pencil className="size-2.5" aria-hidden />
          <span className="sr-only"> ({TEMPO_KEY_TEXT.edited})</span>
        </>
      )}
    </span>
  );
}

/**
 * A track's tempo and key as small badges (issue 47, decision 0820): the owner's value marked with
 * a pencil, a measure of low confidence as approximate ("≈120 BPM"). Nothing while neither is known.
 */
export function TempoKeyBadges({ track, className }: { track: Shown; className?: string }) {
  const { bpm = null, musicalKey = null, bpmEdited = false, keyEdited = false } = track;
  if (bpm === null && musicalKey === null) return null;
  return (
    <span data-testid="tempo-key" className={cn('inline-flex flex-wrap items-center gap-1', className)}>
      {bpm !== null && (
        <Badge
          testId="track-bpm"
          text={bpmText(bpm)}
          edited={bpmEdited}
          approximate={isApproximate(track.bpmConfidence ?? null, bpmEdited)}
        />
      )}
      {musicalKey !== null && (
        <Badge
          testId="track-key"
          text={musicalKey}
          edited={keyEdited}
          approximate={isApproximate(track.keyConfidence ?? null, keyEdited)}
        />
      )}
    </span>
  );
}

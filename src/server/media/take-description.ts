import { SPLIT_MIN_TAKE_SECONDS } from '../../shared/schemas/track-split';
import type { AudioTap, TakeDescription } from './analyse-audio';
import { silenceTap } from './silence-tap';
import { fingerprintTap } from './take-fingerprint';
import { tempoKeyTap } from './tempo-key-tap';

/**
 * Which analysis a take's description comes from (takeDescriptionColumns.analysisLevel): raise it
 * when a tap is added or measures differently, so takes measured before are measured again.
 */
export const ANALYSIS_LEVEL = 1;

/** What the media job knows of a file before decoding it (audio-probe.ts). */
export interface ProbedFacts {
  duration: number | null;
  sampleRate: number | null;
  channels: number | null;
}

/**
 * The taps every take and kept version is measured with (issue 47, decision 0811), one line each:
 * tempo and key, fingerprint, silences. Each adds its own filters to the one ffmpeg run.
 */
export function takeDescriptionTaps(facts: ProbedFacts): AudioTap[] {
  return [
    tempoKeyTap(facts.duration),
    fingerprintTap(),
    // Silences to split a long recording at (decision 0850): takes over 5 minutes only.
    ...(facts.duration === null || facts.duration > SPLIT_MIN_TAKE_SECONDS ? [silenceTap()] : []),
  ];
}

/** Every field of a description, null where nothing measured it: a new file leaves nothing stale. */
export function fullDescription(description: TakeDescription): Required<TakeDescription> {
  return {
    bpm: null,
    bpmConfidence: null,
    musicalKey: null,
    keyConfidence: null,
    loudnessRange: null,
    fingerprint: null,
    silences: null,
    ...description,
  };
}

/** Every field of a description, none measured: a file not (yet) analysed. */
export const UNMEASURED_DESCRIPTION = { ...fullDescription({}), analysisLevel: 0 };

/**
 * The description a track or version row holds, with its level: what a replaced file's version row
 * takes over from the track (decision 0606), like its loudness.
 */
export function descriptionOf(row: Required<TakeDescription> & { analysisLevel: number }) {
  const fields = Object.keys(UNMEASURED_DESCRIPTION) as (keyof typeof UNMEASURED_DESCRIPTION)[];
  return Object.fromEntries(fields.map((field) => [field, row[field]])) as typeof UNMEASURED_DESCRIPTION;
}

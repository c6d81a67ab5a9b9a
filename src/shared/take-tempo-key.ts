/**
 * Tempo and key as a track shows them (issue 47, decisions 0820–0822): the owner's value when they
 * set one, else the measured one; tempo in tenths of a beat per minute, with its half- and
 * double-time readings. The same arithmetic runs in SQL for the journal list
 * (server/features/tracks/track-list.query.ts), held byte for byte by tracks.list-pages.test.ts.
 */

/** What the owner may type as a tempo; what the half/double readings must fall within to be offered. */
export const BPM_LIMITS = { min: 20, max: 400, alternativesMin: 30, alternativesMax: 300 } as const;

/** Below this confidence a measured value is shown as approximate ("≈120 BPM"). */
export const APPROXIMATE_BELOW = 0.5;

/** Tenths of a BPM, rounded half up: floor(x·10 + 0.5), the same IEEE steps in SQL. */
export const bpmTenths = (bpm: number): number => Math.floor(bpm * 10 + 0.5);

/** A tempo to the tenth, as the track shows and the owner's edit is kept. */
export const roundBpm = (bpm: number): number => bpmTenths(bpm) / 10;

/** Half and double time of a tempo (rounded to the tenth), those within 30–300 BPM. */
export function bpmAlternatives(bpm: number): number[] {
  const tenths = bpmTenths(bpm);
  const half = Math.floor(tenths / 2 + 0.5) / 10;
  const double = (tenths * 2) / 10;
  return [half, double].filter((v) => v >= BPM_LIMITS.alternativesMin && v <= BPM_LIMITS.alternativesMax);
}

/** The stored columns a track's tempo and key are shown from. */
export interface TempoKeyColumns {
  bpm: number | null;
  bpmConfidence: number | null;
  ownerBpm: number | null;
  musicalKey: string | null;
  keyConfidence: number | null;
  ownerKey: string | null;
}

/** The tempo and key fields of a track's JSON (trackSchema), in its order. */
export interface TempoKeyFields {
  bpm: number | null;
  bpmConfidence: number | null;
  bpmEdited: boolean;
  bpmAlternatives: number[];
  musicalKey: string | null;
  keyConfidence: number | null;
  keyEdited: boolean;
}

/** An edited value is the owner's: it has no measure's confidence (decision 0820). */
export function tempoKeyFields(row: TempoKeyColumns): TempoKeyFields {
  const bpmEdited = row.ownerBpm !== null;
  const keyEdited = row.ownerKey !== null;
  const bpm = row.ownerBpm ?? row.bpm;
  return {
    bpm: bpm === null ? null : roundBpm(bpm),
    bpmConfidence: bpmEdited || row.bpm === null ? null : row.bpmConfidence,
    bpmEdited,
    bpmAlternatives: bpm === null ? [] : bpmAlternatives(bpm),
    musicalKey: row.ownerKey ?? row.musicalKey,
    keyConfidence: keyEdited || row.musicalKey === null ? null : row.keyConfidence,
    keyEdited,
  };
}

/** Whether a shown value is a measure to take with a grain of salt. */
export const isApproximate = (confidence: number | null, edited: boolean): boolean =>
  !edited && confidence !== null && confidence < APPROXIMATE_BELOW;

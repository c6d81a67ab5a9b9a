import { jsonb, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Every table records times with time zone; JSON replies carry them as ISO strings. */
export const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * What the media job measures of a take beyond its loudness (issue 47, decision 0811), the same on
 * a track row (its current file) and on a kept version's row. All null until measured.
 */
export const takeDescriptionColumns = () => ({
  /** Tempo in beats per minute as measured, with the measure's confidence (0–1). */
  bpm: real(),
  bpmConfidence: real(),
  /** As "A minor" / "F# major", with the measure's confidence (0–1). */
  musicalKey: text(),
  keyConfidence: real(),
  /** EBU R128 loudness range (LU). */
  loudnessRange: real(),
  /** The Chromaprint raw fingerprint, base64 of little-endian uint32s (decision 0811). */
  fingerprint: text(),
  /** Silences long enough to split at ({start, end} seconds), measured on takes over 5 minutes. */
  silences: jsonb().$type<{ start: number; end: number }[]>(),
  /** Which analysis wrote these (ANALYSIS_LEVEL); 0 for a row measured before issue 47. */
  analysisLevel: smallint().notNull().default(0),
});

import { z } from 'zod';
import { trackSchema } from './tracks';

// Splitting a long recording into takes (issue 47, decisions 0850–0853): the limits, the parts'
// names and the wire shapes, one source for the media job, the API and the waveform's markers.

/** Only takes longer than this are looked at for silences (a rehearsal, a jam: not a song). */
export const SPLIT_MIN_TAKE_SECONDS = 5 * 60;
/** A pause this long or longer between songs is proposed as a split point. */
export const SPLIT_MIN_SILENCE_SECONDS = 3;
/** Each part of a split is at least this long. */
export const SPLIT_MIN_PART_SECONDS = 1;
/** The most split points one request (and one take's proposals) holds: 101 parts at most. */
export const SPLIT_POINTS_MAX = 100;

/** "<name> – part 2" (en dash, as issue 47 writes it), numbered from 1. */
export const splitPartName = (name: string, part: number) => `${name} – part ${part}`;

/** The proposed split point of a silence: its middle, as far from either song as it can be. */
export const splitPointOf = (silence: { start: number; end: number }) =>
  Math.round(((silence.start + silence.end) / 2) * 100) / 100;

export const silenceSchema = z.object({ start: z.number(), end: z.number() });

/** GET /api/tracks/{id}/split: what the owner's waveform shows as markers. */
export const trackSplitProposalSchema = z.object({
  /** Seconds; null while the take's length is not known. */
  duration: z.number().nullable(),
  /** Silences of SPLIT_MIN_SILENCE_SECONDS or more between sounds; null when not measured. */
  silences: z.array(silenceSchema).nullable(),
  /** The proposed split points (the silences' middles), in seconds, ascending. */
  points: z.array(z.number()),
});
export type TrackSplitProposal = z.infer<typeof trackSplitProposalSchema>;

/** POST /api/tracks/{id}/split. */
export const splitTrackBodySchema = z.object({
  points: z
    .array(z.number().positive('Split points are seconds after the start'))
    .min(1, 'Choose at least one split point')
    .max(SPLIT_POINTS_MAX, `At most ${SPLIT_POINTS_MAX} split points`)
    .describe('Seconds into the take where one part ends and the next begins'),
});
export type SplitTrackBody = z.infer<typeof splitTrackBodySchema>;

export const splitTrackResultSchema = z.object({
  /** The new private tracks, part 1 first; processing as after an upload. */
  tracks: z.array(trackSchema),
});
export type SplitTrackResult = z.infer<typeof splitTrackResultSchema>;

/** Why points cannot split a take of `duration` seconds, or null when they can. */
export function splitPointsProblem(points: number[], duration: number): string | null {
  const sorted = [...points].sort((a, b) => a - b);
  if (sorted.some((p) => !(p > 0 && p < duration))) return 'Split points must lie inside the take';
  const edges = [0, ...sorted, duration];
  for (let i = 1; i < edges.length; i++) {
    if (edges[i]! - edges[i - 1]! < SPLIT_MIN_PART_SECONDS) {
      return `Each part must be at least ${SPLIT_MIN_PART_SECONDS} second long`;
    }
  }
  return null;
}

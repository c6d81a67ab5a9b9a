import { z } from 'zod';
import { LIMITS } from '../constants';
import { INT4_MAX, text } from './primitives';

const NOTE_MAX = LIMITS.versionNote;

/** A version's "what changed", as the API takes it (an import holds each version to it, issue 41). */
export const versionNoteSchema = text('What changed', { multiline: true }).max(
  NOTE_MAX,
  `What changed must be at most ${NOTE_MAX} characters`,
);

/** The text fields of POST /api/tracks/{id}/versions (multipart, beside the `file`). */
export const trackVersionUploadFieldsSchema = z.object({
  note: versionNoteSchema
    .optional()
    // An empty field is no note.
    .transform((v) => v || null),
});

/**
 * One version of a track: v2, v3… as the owner uploaded them, and version 1 (the first upload) once a
 * later version replaced it after decision 0430 (tracks replaced before have no entry for it).
 */
export const trackVersionSchema = z.object({
  id: z.number(),
  trackId: z.number(),
  version: z.number(),
  note: z.string().nullable(),
  filename: z.string(),
  size: z.number(),
  createdAt: z.string(),
  /**
   * The version's file exists: always for the current version; for an earlier one while its original
   * is kept (decision 0430), which its owner may download or remove.
   */
  hasFile: z.boolean(),
  // Issue 43 (decision 0600): every version is a take that can be played and compared.
  /** This is the track's current version (the one its own stream plays). */
  current: z.boolean(),
  /** How far processing of this version's file got; null for a version without a file. */
  processingState: z.enum(['pending', 'ready', 'failed']).nullable(),
  /** Seconds; null until measured. */
  duration: z.number().nullable(),
  /** EBU R128 integrated loudness (LUFS) and true peak (dBTP); null until measured. */
  loudnessLufs: z.number().nullable(),
  truePeakDb: z.number().nullable(),
  /** Loudness range (LRA, LU); null until measured (and for takes measured before issue 47). */
  loudnessRange: z.number().nullable(),
  /** The version's audio, Range welcome, under the track's access rules; null until playable. */
  streamUrl: z.string().nullable(),
  /** Its waveform peaks; null until processing made them. */
  peaksUrl: z.string().nullable(),
  /**
   * Where this version's audio starts relative to the current version's, in seconds, positive when
   * it starts later (0 for the current version); null until both are measured.
   */
  alignSeconds: z.number().nullable(),
  /** Where the audio starts after leading silence, in seconds; null until measured. */
  audioStartSeconds: z.number().nullable(),
});

const VERSION_MESSAGE = 'Not a valid version number';
/** The `{version}` of /api/tracks/{id}/versions/{version}/original: a whole number from 1. */
export const versionNumberParam = () =>
  z.coerce
    .number(VERSION_MESSAGE)
    .int(VERSION_MESSAGE)
    .min(1, VERSION_MESSAGE)
    .max(INT4_MAX, VERSION_MESSAGE);
export type TrackVersion = z.infer<typeof trackVersionSchema>;

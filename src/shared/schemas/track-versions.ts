import { z } from 'zod';
import { LIMITS } from '../constants';
import { text } from './primitives';

const NOTE_MAX = LIMITS.versionNote;

/** The text fields of POST /api/tracks/{id}/versions (multipart, beside the `file`). */
export const trackVersionUploadFieldsSchema = z.object({
  note: text('What changed', { multiline: true })
    .max(NOTE_MAX, `What changed must be at most ${NOTE_MAX} characters`)
    .optional()
    // An empty field is no note.
    .transform((v) => v || null),
});

/** One new version of a track (v2, v3…); version 1 is the first upload and has no entry. */
export const trackVersionSchema = z.object({
  id: z.number(),
  trackId: z.number(),
  version: z.number(),
  note: z.string().nullable(),
  filename: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type TrackVersion = z.infer<typeof trackVersionSchema>;

import { z } from 'zod';
import { id } from './primitives';
import { trackSchema } from './tracks';

/**
 * "You already have this take" (issue 47, decision 0832): one of the uploader's own tracks that
 * sounds like the new upload, by Chromaprint fingerprint; similarity from 0 (nothing alike) to 1.
 */
export const similarTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  similarity: z.number().min(0).max(1),
});
export type SimilarTrack = z.infer<typeof similarTrackSchema>;

/** The reply of POST /api/tracks: the new track, and the person's takes it sounds like, best first. */
export const uploadedTrackSchema = trackSchema.extend({
  similarTracks: z.array(similarTrackSchema),
});
export type UploadedTrack = z.infer<typeof uploadedTrackSchema>;

/** POST /api/tracks/{id}/stack: which of the owner's tracks the upload becomes a new version of. */
export const stackTrackBodySchema = z.strictObject({
  ontoTrackId: id(),
});
export type StackTrackBody = z.infer<typeof stackTrackBodySchema>;

/** What the upload summary says of an upload that sounds like one of the person's takes. */
export const similarTakeTexts = {
  soundsLike: (name: string, similarity: number) =>
    `Sounds like \u201c${name}\u201d (${Math.round(similarity * 100)}\u00a0%)`,
  stack: (name: string) => `Stack as a new version of \u201c${name}\u201d`,
  keepBoth: 'Keep both',
  discard: 'Discard',
  stacked: (name: string) => `Stacked as a new version of \u201c${name}\u201d`,
  discarded: (name: string) => `Discarded \u201c${name}\u201d`,
} as const;

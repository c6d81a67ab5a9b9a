import { z } from 'zod';

/**
 * The embeddable player's data (issue 24, decision 0330): what `/embed/track/{id}` and
 * `/embed/playlist/{id}` show, read by the embed page from `/api/embed/…` at the same path. Media
 * and page addresses are given, not derived by the page, so a share link's embed can point them at
 * its own token-scoped routes.
 */
export const embedTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Seconds; null until known. */
  duration: z.number().nullable(),
  /** Whether the stream has something a browser plays yet. */
  playable: z.boolean(),
  streamUrl: z.string(),
  /** `{duration, peaks}` once processed (a 409 before). */
  waveformUrl: z.string(),
  /** The track's own page, or null when it has none the visitor may open. */
  url: z.string().nullable(),
});
export type EmbedTrack = z.infer<typeof embedTrackSchema>;

export const EMBED_KINDS = ['track', 'playlist'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export const embedSchema = z.object({
  kind: z.enum(EMBED_KINDS),
  title: z.string(),
  /** The page the "open in Journal" link goes to. */
  url: z.string(),
  owner: z.object({
    /** The name the app shows for them (username, else first and last name). */
    name: z.string(),
    /** Their public profile, or null when it is not public. */
    url: z.string().nullable(),
  }),
  /** One for a track; a playlist's public tracks in order (its private ones are left out). */
  tracks: z.array(embedTrackSchema),
});
export type Embed = z.infer<typeof embedSchema>;

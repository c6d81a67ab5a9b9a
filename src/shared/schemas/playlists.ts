import { z } from 'zod';
import { id, int4, nonEmptyPatch, text } from './primitives';
import { trackSchema } from './tracks';

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;

export const playlistSchema = z.object({
  id: z.number(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** What the caller may do with a playlist, from the server's policy (decision 0121). */
export const playlistAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  share: z.boolean(),
});
export type PlaylistAbilities = z.infer<typeof playlistAbilitiesSchema>;

export const playlistTrackSchema = trackSchema.extend({ position: z.number(), addedAt: z.string() });
export type PlaylistTrack = z.infer<typeof playlistTrackSchema>;

export const playlistDetailSchema = playlistSchema.extend({
  abilities: playlistAbilitiesSchema,
  tracks: z.array(playlistTrackSchema),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

const name = text('Playlist name')
  .min(1, 'Please enter a playlist name')
  .max(PLAYLIST_NAME_MAX, `Playlist name must be at most ${PLAYLIST_NAME_MAX} characters`);
const description = text('Description', { multiline: true }).max(
  PLAYLIST_DESCRIPTION_MAX,
  `Description must be at most ${PLAYLIST_DESCRIPTION_MAX} characters`,
);

export const createPlaylistBodySchema = z.object({
  name,
  description: description
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type CreatePlaylistBody = z.input<typeof createPlaylistBodySchema>;

/** PATCH /api/playlists/{id}: name, description, and whether anyone may open it (decision 0345). */
export const updatePlaylistBodySchema = nonEmptyPatch(
  z
    .object({
      name,
      description: description.nullable().transform((v) => v || null),
      isPublic: z.boolean('isPublic must be true or false'),
    })
    .partial()
    .strict(),
);
export type UpdatePlaylistBody = z.input<typeof updatePlaylistBodySchema>;

export const addPlaylistTrackBodySchema = z.object({ trackId: id() });

/** PUT /api/playlists/{id}/reorder: the whole new order as {trackId, position} (spec section 7). */
export const reorderPlaylistBodySchema = z
  .array(z.object({ trackId: id(), position: int4('position') }))
  .max(10_000);
export type ReorderPlaylistBody = z.infer<typeof reorderPlaylistBodySchema>;

/**
 * GET /api/public/playlists/{id} (decision 0345): a public playlist as anyone may see it. Only its
 * owner's public tracks, in order; of each, what the player and the list show. No email, no file
 * names: the owner's id and public name, and their profile address only while it is public.
 */
export const publicPlaylistTrackSchema = trackSchema.pick({
  id: true,
  name: true,
  notes: true,
  mimeType: true,
  duration: true,
  visibility: true,
  processing: true,
  playable: true,
  loudness: true,
  version: true,
  bpm: true,
  bpmConfidence: true,
  bpmEdited: true,
  bpmAlternatives: true,
  musicalKey: true,
  keyConfidence: true,
  keyEdited: true,
});
export type PublicPlaylistTrack = z.infer<typeof publicPlaylistTrackSchema>;

export const publicPlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  updatedAt: z.string(),
  owner: z.object({
    /** Their user id, as every public track reply carries it: the player tells their tracks from yours. */
    id: z.string(),
    /** The name the app shows for them (username, else first and last name). */
    name: z.string(),
    avatarUrl: z.string().nullable(),
    updatedAt: z.string(),
    /** `/profile/{username or id}` while their profile is public, else null. */
    profileUrl: z.string().nullable(),
  }),
  tracks: z.array(publicPlaylistTrackSchema),
  /**
   * How many of the playlist's tracks are not shown here (private, unlisted or taken down): a count
   * only, so the page can say why it lists fewer than it holds (issue 42, decision 0590).
   */
  hiddenTrackCount: z.number().int().nonnegative(),
});
export type PublicPlaylist = z.infer<typeof publicPlaylistSchema>;

export const PUBLIC_PLAYLIST_NOT_FOUND = 'Playlist not found';

import { z } from 'zod';
import { SEARCH } from '../constants';
import { text } from './primitives';
import { equipmentTagSchema, trackSchema } from './tracks';

export const SEARCH_EMPTY = 'Type something to search for';

/** GET /api/search?q= : the words typed; blank or longer than SEARCH.maxQueryLength is a 400. */
export const searchQuerySchema = z.object({
  q: text('Search')
    .min(1, SEARCH_EMPTY)
    .max(SEARCH.maxQueryLength, `Search must be at most ${SEARCH.maxQueryLength} characters`),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A playlist the caller owns, or one shared into a collective they belong to (`collective` set). */
export const searchPlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  /** Where a playlist someone else shared is opened: its page in that collective. Null for one's own. */
  collective: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const searchCollectiveSchema = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});

/** A public profile: `name` is the display name (username, else first and last name). */
export const searchPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/** The reply: the five groups, each ranked best first and at most SEARCH.groupLimit long. */
export const searchResultsSchema = z.object({
  /** The caller's own tracks, whole (the client plays one straight from the result). */
  tracks: z.array(trackSchema),
  playlists: z.array(searchPlaylistSchema),
  collectives: z.array(searchCollectiveSchema),
  equipment: z.array(equipmentTagSchema),
  people: z.array(searchPersonSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchPlaylist = z.infer<typeof searchPlaylistSchema>;
export type SearchCollective = z.infer<typeof searchCollectiveSchema>;
export type SearchPerson = z.infer<typeof searchPersonSchema>;

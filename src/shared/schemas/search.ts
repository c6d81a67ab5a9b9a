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

/** The five groups, in the order the dialog shows them; each has its own page of results. */
export const SEARCH_GROUPS = ['tracks', 'playlists', 'collectives', 'equipment', 'people'] as const;
export type SearchGroupName = (typeof SEARCH_GROUPS)[number];

/** Each group's item: the caller's own tracks come whole (the client plays one straight away). */
export const searchItemSchemas = {
  tracks: trackSchema,
  playlists: searchPlaylistSchema,
  collectives: searchCollectiveSchema,
  equipment: equipmentTagSchema,
  people: searchPersonSchema,
} as const satisfies Record<SearchGroupName, z.ZodType>;

/**
 * The dialog's reply: the five groups, each ranked best first and at most
 * SEARCH.groupLimit long, and per group whether more match (the dialog then offers "Show all").
 */
export const searchResultsSchema = z.object({
  tracks: z.array(trackSchema),
  playlists: z.array(searchPlaylistSchema),
  collectives: z.array(searchCollectiveSchema),
  equipment: z.array(equipmentTagSchema),
  people: z.array(searchPersonSchema),
  /** True when the group has more results than it shows: GET /api/search/{group} pages through them. */
  hasMore: z.object({
    tracks: z.boolean(),
    playlists: z.boolean(),
    collectives: z.boolean(),
    equipment: z.boolean(),
    people: z.boolean(),
  }),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** GET /api/search/{group}?q=&offset=&limit= : one page of one group's results (decision 0281). */
export const searchPageQuerySchema = searchQuerySchema.extend({
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(SEARCH.maxOffset, `Offset must be at most ${SEARCH.maxOffset}`)
    .default(0),
  limit: z.coerce.number().int().min(1).max(SEARCH.maxPageSize).default(SEARCH.pageSize),
});
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

/** A page: the items in rank order and where the next page starts (null: this was the last). */
export const searchPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextOffset: z.number().int().nullable() });
export type SearchPage<G extends SearchGroupName> = {
  items: z.infer<(typeof searchItemSchemas)[G]>[];
  nextOffset: number | null;
};
export type SearchPlaylist = z.infer<typeof searchPlaylistSchema>;
export type SearchCollective = z.infer<typeof searchCollectiveSchema>;
export type SearchPerson = z.infer<typeof searchPersonSchema>;

import { and, count, desc, eq, inArray, isNull, ne, not, notInArray, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { SEARCH } from '../../../shared/constants';
import { displayName } from '../../../shared/format';
import type { SearchGroupName, SearchPlaylist, SearchResults } from '../../../shared/schemas/search';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import {
  collectiveMembers,
  collectives,
  equipmentTags,
  playlistCollectiveShares,
  playlists,
  trackEquipmentTags,
  tracks,
  users,
} from '../../db/schema';
import { personDocument, trackDocument } from '../../db/schema/search-documents';
import { imageUrlColumn, imageUrlOf } from '../../media/image-url';
import { equipmentTagColumns, withEquipment } from '../tracks/tracks.service';
import { matchArms, matches, rank, type Terms, termsOf } from './search-terms';

export { prefixTsquery } from './search-terms';

/** Which slice of a group's ranked results to answer (decision 0281). */
interface Page {
  offset: number;
  limit: number;
}
/** One page of a group: one row more than asked is read, to know whether another page follows. */
interface Found<T> {
  items: T[];
  hasMore: boolean;
}
const pageOf = <T>(rows: T[], limit: number): Found<T> => ({
  items: rows.slice(0, limit),
  hasMore: rows.length > limit,
});

/**
 * The caller's own tracks whose name, notes or equipment match (nobody else's: decision 0130).
 * Those whose own words match come first, ranked; tracks found only through their gear follow,
 * newest first. The gear that matches is looked up on its own first (a few rows): when none does,
 * which is most searches, the fill-in query is not run at all (decision 0211). A page past the
 * tracks' own matches needs to know how many there are, to know where in the gear list it starts.
 */
async function searchTracks(db: Database, userId: string, t: Terms, { offset, limit }: Page) {
  const document = trackDocument(tracks.name, tracks.notes);
  // Only the caller's newest SEARCH.trackCandidates matches are ranked (issue 48): each arm of the
  // match is read by its own index, by owner (one OR evaluated every arm again for each row found),
  // and the rank is computed for those candidates alone, not for every match of a big journal.
  // The words arm names the owner in its index key (ownedWords); the others lead with user_id.
  const owner = { column: tracks.userId, id: userId };
  const arms = matchArms(t, tracks.name, document, owner).map((arm, i) =>
    db
      .select({ id: tracks.id })
      .from(tracks)
      .where(t.tsquery && i === 0 ? arm : and(eq(tracks.userId, userId), arm)),
  );
  const newest = (found: (typeof arms)[number]) => {
    const matched = found.as('matched');
    return db
      .select({ id: matched.id })
      .from(matched)
      .orderBy(desc(matched.id))
      .limit(SEARCH.trackCandidates);
  };
  // A name found by its words scores half a point over its similarity (rank); one found only by
  // trigrams scores its similarity (at most 1), by typo keys a point less. So when the words alone
  // find a full set of candidates, the fuzzy arms would add names that rank after them (but for
  // near ties), and are not read: on a big journal they are most of the work.
  const byWords = t.tsquery && arms.length > 1 ? (await newest(arms[0]!)).map((row) => row.id) : [];
  const [first, ...others] = arms;
  const candidates =
    byWords.length === SEARCH.trackCandidates
      ? byWords
      : others.length > 0
        ? newest(union(first!, ...(others as [typeof first & {}])) as unknown as typeof first & {})
        : newest(first!);
  // A full set of candidates by words is 1,000 ids: one int[] parameter, not 1,000 (inIds), which
  // PostgreSQL parsed and planned for longer than it ran the rest of the search, and drizzle built.
  const isCandidate = Array.isArray(candidates)
    ? inIds(tracks.id, candidates)
    : inArray(tracks.id, candidates);
  const ownMatch = and(eq(tracks.userId, userId), isCandidate);
  const [own, gear] = await Promise.all([
    db
      .select()
      .from(tracks)
      .where(ownMatch)
      .orderBy(desc(rank(t, tracks.name, document)), desc(tracks.id))
      .offset(offset)
      .limit(limit + 1),
    db.select({ id: equipmentTags.id }).from(equipmentTags).where(matches(t, equipmentTags.name)),
  ]);
  if (own.length <= limit && gear.length > 0) {
    // The own matches end on this page; with none on it, count them to place the gear list.
    const ownTotal =
      own.length > 0 || offset === 0
        ? offset + own.length
        : ((await db.select({ n: count() }).from(tracks).where(ownMatch))[0]?.n ?? 0);
    const tagged = db
      .select({ trackId: trackEquipmentTags.trackId })
      .from(trackEquipmentTags)
      .where(
        inArray(
          trackEquipmentTags.equipmentTagId,
          gear.map((g) => g.id),
        ),
      );
    // From the first page every own match is at hand: leaving those ids out is cheaper than the match.
    const notOwn =
      offset === 0
        ? own.length
          ? notInArray(
              tracks.id,
              own.map((row) => row.id),
            )
          : undefined
        : not(isCandidate);
    const byGear = await db
      .select()
      .from(tracks)
      .where(and(eq(tracks.userId, userId), inArray(tracks.id, tagged), notOwn))
      // Newest first by the owner's order index (tracks_user_uploaded_order_idx), each checked
      // against the gear's links by their pair index; or, for rare gear, from its links. By id,
      // PostgreSQL walked the whole instance's ids from the top to find a journal whose tracks
      // had low ids: 1.6 s for the 100,000-track journal and a synth on 50,000 (issue 48).
      .orderBy(desc(tracks.createdAt), desc(tracks.id))
      .offset(Math.max(0, offset - ownTotal))
      .limit(limit + 1 - own.length);
    own.push(...byGear);
  }
  const found = pageOf(own, limit);
  return { items: await withEquipment(db, found.items), hasMore: found.hasMore };
}

/** Playlists the caller owns, then those shared into their collectives, merged by rank. */
async function searchPlaylists(
  db: Database,
  userId: string,
  t: Terms,
  { offset, limit }: Page,
): Promise<Found<SearchPlaylist>> {
  const score = rank(t, playlists.name);
  const base = {
    id: playlists.id,
    name: playlists.name,
    imageKey: playlists.imageKey,
    score: sql<number>`${score}`.as('score'),
  };
  // The two lists are disjoint and ranked alike, so the best (offset + limit + 1) of each hold the
  // best of both together.
  const upTo = offset + limit + 1;
  // A playlist shared into two of the caller's collectives opens in the first (lowest id).
  const sharedOnce = db
    .selectDistinctOn([playlists.id], {
      ...base,
      collectiveId: sql<number | null>`${collectives.id}`.as('collective_id'),
      collectiveName: sql<string | null>`${collectives.name}`.as('collective_name'),
    })
    .from(playlistCollectiveShares)
    .innerJoin(playlists, eq(playlists.id, playlistCollectiveShares.playlistId))
    .innerJoin(collectives, eq(collectives.id, playlistCollectiveShares.collectiveId))
    .innerJoin(
      collectiveMembers,
      and(
        eq(collectiveMembers.collectiveId, playlistCollectiveShares.collectiveId),
        eq(collectiveMembers.userId, userId),
      ),
    )
    .where(and(ne(playlists.userId, userId), matches(t, playlists.name)))
    .orderBy(playlists.id, collectives.id)
    .as('shared_once');
  const [own, shared] = await Promise.all([
    db
      .select({
        ...base,
        collectiveId: sql<number | null>`null::int`.as('collective_id'),
        collectiveName: sql<string | null>`null`.as('collective_name'),
      })
      .from(playlists)
      .where(and(eq(playlists.userId, userId), matches(t, playlists.name)))
      .orderBy(desc(score), desc(playlists.id))
      .limit(upTo),
    db.select().from(sharedOnce).orderBy(desc(sharedOnce.score), desc(sharedOnce.id)).limit(upTo),
  ]);
  // Scores arrive as text from pg (numeric) and as numbers from PGlite: compare them as numbers.
  const rows = [...own, ...shared]
    .map((p) => ({ ...p, score: Number(p.score) }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(offset, upTo)
    .map((p) => ({
      id: p.id,
      name: p.name,
      imageUrl: imageUrlOf(p.imageKey),
      collective: p.collectiveId === null ? null : { id: p.collectiveId, name: p.collectiveName ?? '' },
    }));
  return pageOf(rows, limit);
}

/** Collectives the caller is a member of (owner and admins are members too). */
async function searchCollectives(db: Database, userId: string, t: Terms, { offset, limit }: Page) {
  const rows = await db
    .select({ id: collectives.id, name: collectives.name, imageUrl: imageUrlColumn(collectives.imageKey) })
    .from(collectiveMembers)
    .innerJoin(collectives, eq(collectives.id, collectiveMembers.collectiveId))
    .where(and(eq(collectiveMembers.userId, userId), matches(t, collectives.name)))
    .orderBy(desc(rank(t, collectives.name)), desc(collectives.id))
    .offset(offset)
    .limit(limit + 1);
  return pageOf(rows, limit);
}

/** Equipment pages are shared by everyone signed in (decision 0015). */
async function searchEquipmentPages(db: Database, t: Terms, { offset, limit }: Page) {
  const rows = await db
    .select(equipmentTagColumns)
    .from(equipmentTags)
    .where(matches(t, equipmentTags.name))
    .orderBy(desc(rank(t, equipmentTags.name)), desc(equipmentTags.id))
    .offset(offset)
    .limit(limit + 1);
  return pageOf(rows, limit);
}

/** Public profiles only, by username or name; the caller's own (if public) among them. */
async function searchPeople(db: Database, t: Terms, { offset, limit }: Page) {
  const document = personDocument(users.username, users.firstName, users.lastName);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: imageUrlColumn(users.avatarKey),
    })
    .from(users)
    // A suspended person's profile is not found (decision 0445).
    .where(and(sql`${users.isPublic}`, isNull(users.suspendedAt), matches(t, document)))
    .orderBy(desc(rank(t, document)), users.id)
    .offset(offset)
    .limit(limit + 1);
  const found = pageOf(rows, limit);
  return {
    items: found.items.map((u) => ({
      id: u.id,
      name: displayName(u),
      username: u.username,
      avatarUrl: u.avatarUrl,
    })),
    hasMore: found.hasMore,
  };
}

/** One group's page, for the full results view (GET /api/search/{group}). */
const searchers = {
  tracks: searchTracks,
  playlists: searchPlaylists,
  collectives: searchCollectives,
  equipment: (db: Database, _userId: string, t: Terms, page: Page) => searchEquipmentPages(db, t, page),
  people: (db: Database, _userId: string, t: Terms, page: Page) => searchPeople(db, t, page),
} satisfies Record<SearchGroupName, unknown>;

export async function searchGroup<G extends SearchGroupName>(
  db: Database,
  userId: string,
  group: G,
  text: string,
  page: Page,
): Promise<{ items: Awaited<ReturnType<(typeof searchers)[G]>>['items']; nextOffset: number | null }> {
  const search = searchers[group] as (
    db: Database,
    userId: string,
    t: Terms,
    page: Page,
  ) => Promise<Found<never>>;
  const found = await search(db, userId, termsOf(text.trim()), page);
  return { items: found.items, nextOffset: found.hasMore ? page.offset + found.items.length : null };
}

/** The dialog's answer: the best SEARCH.groupLimit of every group, and which groups have more. */
export async function search(db: Database, userId: string, text: string): Promise<SearchResults> {
  const t = termsOf(text.trim());
  const first = { offset: 0, limit: SEARCH.groupLimit };
  const [tracksFound, playlistsFound, collectivesFound, equipment, people] = await Promise.all([
    searchTracks(db, userId, t, first),
    searchPlaylists(db, userId, t, first),
    searchCollectives(db, userId, t, first),
    searchEquipmentPages(db, t, first),
    searchPeople(db, t, first),
  ]);
  return {
    tracks: tracksFound.items,
    playlists: playlistsFound.items,
    collectives: collectivesFound.items,
    equipment: equipment.items,
    people: people.items,
    hasMore: {
      tracks: tracksFound.hasMore,
      playlists: playlistsFound.hasMore,
      collectives: collectivesFound.hasMore,
      equipment: equipment.hasMore,
      people: people.hasMore,
    },
  };
}

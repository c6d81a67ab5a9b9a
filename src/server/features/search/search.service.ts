import { and, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SEARCH } from '../../../shared/constants';
import { displayName } from '../../../shared/format';
import type { SearchPlaylist, SearchResults } from '../../../shared/schemas/search';
import type { Database } from '../../db/client';
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
import { personDocument, searchVector, trackDocument } from '../../db/schema/search-documents';
import { equipmentTagColumns } from '../equipment/equipment.columns';
import { imageUrlColumn } from '../images/image-url';
import { withEquipment } from '../tracks/tracks.service';

/** At most this many words of the query take part in the full-text match. */
const MAX_WORDS = 8;

/**
 * The query's words as a prefix tsquery (`moog:* & sub:*`): every word must begin a word of the
 * document, so results narrow as one types. Only letters and digits are kept, so nothing typed can
 * be read as tsquery syntax; null when nothing is left (then only trigrams match).
 */
export function prefixTsquery(q: string): string | null {
  const words = q
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS);
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** What one search matches with: the text as typed and its tsquery. */
interface Terms {
  q: SQL;
  tsquery: SQL | null;
}

function termsOf(text: string): Terms {
  const ts = prefixTsquery(text);
  return {
    q: sql`${text}::text`,
    tsquery: ts ? sql`to_tsquery('simple'::regconfig, ${ts}::text)` : null,
  };
}

/**
 * A name matches when all the words begin words of it (full text, GIN index), or when the query is
 * close enough to a part of it (pg_trgm `<%`, word similarity ≥ 0.6 — "Moog Subsequnt" finds
 * "Moog Subsequent 37"; trigram GIN index). `document` defaults to the name itself.
 */
function matches(t: Terms, name: PgColumn | SQL, document: SQL | PgColumn = name): SQL {
  const fuzzy = sql`${t.q} <% ${name}`;
  return t.tsquery ? sql`(${searchVector(document)} @@ ${t.tsquery} or ${fuzzy})` : fuzzy;
}

/**
 * Best first (decision 0134): the exact name, then names starting with the query, then by how
 * closely the query matches a part of the name (0–1), plus half a point when all the words are in the
 * document and its full-text rank: a word in a track's notes counts less than a name that matches.
 */
function rank(t: Terms, name: PgColumn | SQL, document: SQL | PgColumn = name): SQL<number> {
  const text = sql`(lower(${name}) = lower(${t.q}))::int * 4 + starts_with(lower(${name}), lower(${t.q}))::int * 2 + word_similarity(${t.q}, ${name})`;
  return t.tsquery
    ? sql<number>`(${text} + (${searchVector(document)} @@ ${t.tsquery})::int * 0.5 + ts_rank(${searchVector(document)}, ${t.tsquery}))`
    : sql<number>`(${text})`;
}

const limit = SEARCH.groupLimit;

/**
 * The caller's own tracks whose name, notes or equipment match (nobody else's: decision 0132).
 * Those whose own words match come first, ranked; tracks found only through their gear fill the
 * rest of the group, newest first. The gear that matches is looked up on its own first (a few
 * rows): when none does, which is most searches, the fill-in query is not run at all, and when
 * some does, it is a lookup by tag id rather than a join the planner may walk for every tag row.
 */
async function searchTracks(db: Database, userId: string, t: Terms) {
  const document = trackDocument(tracks.name, tracks.notes);
  const [own, gear] = await Promise.all([
    db
      .select()
      .from(tracks)
      .where(and(eq(tracks.userId, userId), matches(t, tracks.name, document)))
      .orderBy(desc(rank(t, tracks.name, document)), desc(tracks.id))
      .limit(limit),
    db.select({ id: equipmentTags.id }).from(equipmentTags).where(matches(t, equipmentTags.name)),
  ]);
  if (own.length < limit && gear.length > 0) {
    const tagged = db
      .select({ trackId: trackEquipmentTags.trackId })
      .from(trackEquipmentTags)
      .where(
        inArray(
          trackEquipmentTags.equipmentTagId,
          gear.map((g) => g.id),
        ),
      );
    const found = own.map((row) => row.id);
    const byGear = await db
      .select()
      .from(tracks)
      .where(
        and(
          eq(tracks.userId, userId),
          inArray(tracks.id, tagged),
          found.length ? notInArray(tracks.id, found) : undefined,
        ),
      )
      .orderBy(desc(tracks.id))
      .limit(limit - own.length);
    own.push(...byGear);
  }
  return withEquipment(db, own);
}

/** Playlists the caller owns, then those shared into their collectives, merged by rank. */
async function searchPlaylists(db: Database, userId: string, t: Terms): Promise<SearchPlaylist[]> {
  const score = rank(t, playlists.name);
  const base = {
    id: playlists.id,
    name: playlists.name,
    imageUrl: imageUrlColumn(playlists.imageKey),
    score: sql<number>`${score}`.mapWith(Number),
  };
  const [own, shared] = await Promise.all([
    db
      .select({
        ...base,
        collectiveId: sql<number | null>`null::int`,
        collectiveName: sql<string | null>`null`,
      })
      .from(playlists)
      .where(and(eq(playlists.userId, userId), matches(t, playlists.name)))
      .orderBy(desc(score), desc(playlists.id))
      .limit(limit),
    db
      .select({ ...base, collectiveId: collectives.id, collectiveName: collectives.name })
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
      .orderBy(desc(score), desc(playlists.id), collectives.id)
      .limit(limit * 2),
  ]);
  // One entry per playlist: shared into two of the caller's collectives, it opens in the first.
  const seen = new Set<number>();
  return [...own, ...shared]
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .slice(0, limit)
    .map((p) => ({
      id: p.id,
      name: p.name,
      imageUrl: p.imageUrl,
      collective: p.collectiveId === null ? null : { id: p.collectiveId, name: p.collectiveName ?? '' },
    }));
}

/** Collectives the caller is a member of (owner and admins are members too). */
function searchCollectives(db: Database, userId: string, t: Terms) {
  return db
    .select({ id: collectives.id, name: collectives.name, imageUrl: imageUrlColumn(collectives.imageKey) })
    .from(collectiveMembers)
    .innerJoin(collectives, eq(collectives.id, collectiveMembers.collectiveId))
    .where(and(eq(collectiveMembers.userId, userId), matches(t, collectives.name)))
    .orderBy(desc(rank(t, collectives.name)), desc(collectives.id))
    .limit(limit);
}

/** Equipment pages are shared by everyone signed in (decision 0015). */
function searchEquipmentPages(db: Database, t: Terms) {
  return db
    .select(equipmentTagColumns)
    .from(equipmentTags)
    .where(matches(t, equipmentTags.name))
    .orderBy(desc(rank(t, equipmentTags.name)), desc(equipmentTags.id))
    .limit(limit);
}

/** Public profiles only, by username or name; the caller's own (if public) among them. */
async function searchPeople(db: Database, t: Terms) {
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
    .where(and(sql`${users.isPublic}`, matches(t, document)))
    .orderBy(desc(rank(t, document)), users.id)
    .limit(limit);
  return rows.map((u) => ({ id: u.id, name: displayName(u), username: u.username, avatarUrl: u.avatarUrl }));
}

export async function search(db: Database, userId: string, text: string): Promise<SearchResults> {
  const t = termsOf(text.trim());
  const [tracksFound, playlistsFound, collectivesFound, equipment, people] = await Promise.all([
    searchTracks(db, userId, t),
    searchPlaylists(db, userId, t),
    searchCollectives(db, userId, t),
    searchEquipmentPages(db, t),
    searchPeople(db, t),
  ]);
  return {
    tracks: tracksFound,
    playlists: playlistsFound,
    collectives: collectivesFound,
    equipment,
    people,
  };
}

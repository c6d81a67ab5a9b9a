import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { libraryStars, trackLikes, tracks, users } from '../../db/schema';
import { likedAmong } from '../likes/likes.service';
import { listenableToViewer } from '../tracks/tracks.service';
import { listArtists, ownerColumns, songColumns, toOwner } from './browse.service';
import { listAlbums } from './lists.service';
import { ratingsOf } from './ratings.service';
import { albumId, artistId } from './subsonic-library';
import type { SubsonicNode } from './subsonic-response';

/**
 * Stars (issue 26, decision 0390). A song's star is the web app's like (track_likes, features/likes);
 * albums and artists, which are no rows of their own (decision 0385), are kept by id in
 * library_stars. Every read filters again by what the caller may reach now.
 */
export type StarKind = 'album' | 'artist';

export async function starItems(db: Database, userId: string, kind: StarKind, itemIds: string[]) {
  if (itemIds.length === 0) return;
  await db
    .insert(libraryStars)
    .values(itemIds.map((itemId) => ({ userId, kind, itemId })))
    .onConflictDoNothing();
}

export async function unstarItems(db: Database, userId: string, kind: StarKind, itemIds: string[]) {
  if (itemIds.length === 0) return;
  await db
    .delete(libraryStars)
    .where(
      and(
        eq(libraryStars.userId, userId),
        eq(libraryStars.kind, kind),
        inArray(libraryStars.itemId, itemIds),
      ),
    );
}

/** When the caller starred each album or artist (of `itemIds`, or all of them), by id. */
export async function starsOf(
  db: Database,
  userId: string,
  kind: StarKind,
  itemIds?: string[],
): Promise<Map<string, Date>> {
  if (itemIds?.length === 0) return new Map();
  const rows = await db
    .select({ id: libraryStars.itemId, at: libraryStars.createdAt })
    .from(libraryStars)
    .where(
      and(
        eq(libraryStars.userId, userId),
        eq(libraryStars.kind, kind),
        itemIds ? inArray(libraryStars.itemId, itemIds) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.id, row.at]));
}

/** The caller's starred songs (their likes) they may still hear, newest first, for getStarred2. */
export async function starredSongs(db: Database, userId: string) {
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns, starred: trackLikes.createdAt })
    .from(trackLikes)
    .innerJoin(tracks, eq(tracks.id, trackLikes.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(eq(trackLikes.userId, userId), listenableToViewer(db, userId)))
    .orderBy(desc(trackLikes.createdAt), desc(trackLikes.trackId));
  return rows.map((row) => ({ track: row.track, owner: toOwner(row.owner), starred: row.starred }));
}

interface Starrable {
  songs: SubsonicNode[];
  albums: SubsonicNode[];
  artists: SubsonicNode[];
}

/** Song nodes songNodes marked already (songMarker): withStars leaves them, not their children. */
const songsMarked = new WeakSet<SubsonicNode>();

/**
 * Marks song nodes with the caller's star and rating as withStars does, read by the songs' ids
 * beside their other fields (songNodes): a 500-song sync page waited ~7 ms for these two reads after
 * all the rest (issue 48). A node marked here is left by withStars; a copy of it is marked again.
 */
export async function songMarker(
  db: Database,
  userId: string,
  trackIds: number[],
): Promise<(node: SubsonicNode) => void> {
  const [liked, ratings] = await Promise.all([
    likedAmong(db, userId, trackIds),
    ratingsOf(db, userId, 'song', trackIds.map(String)),
  ]);
  return (node) => {
    markNode(node, liked.get(Number(node.id)), ratings);
    songsMarked.add(node);
  };
}

function markNode(node: SubsonicNode, starred: Date | undefined, ratings: Map<string, number>): void {
  if (starred) node.starred = starred.toISOString();
  const rating = ratings.get(String(node.id));
  if (rating !== undefined) node.userRating = rating;
}

/** The song, album and artist nodes anywhere in a reply (ids: decision 0385). */
function collect(value: unknown, into: Starrable): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as SubsonicNode;
  if (typeof node.id === 'string') {
    if (node.mediaType === 'song') {
      if (!songsMarked.has(node)) into.songs.push(node);
    } else if (node.id.startsWith('al-')) into.albums.push(node);
    else if (node.id.startsWith('ar-')) into.artists.push(node);
  }
  // Keys, not Object.values: a sync page's 500 nodes of ~40 fields made an array each (issue 48).
  for (const key in node) {
    const child = node[key];
    if (child !== null && typeof child === 'object') collect(child, into);
  }
}

/**
 * Marks what the caller starred (`starred`, an ISO date) and rated (`userRating`, 1-5, decision
 * 0784) in a reply, wherever its songs, albums and artists are (getSong, getAlbum, getPlaylist,
 * search3…): one query per kind present and mark. Both are the caller's own, so every reply is
 * marked the same way here rather than by each method.
 */
export async function withStars(db: Database, userId: string, payload: SubsonicNode): Promise<SubsonicNode> {
  const found: Starrable = { songs: [], albums: [], artists: [] };
  collect(payload, found);
  const ids = (nodes: SubsonicNode[]) => [...new Set(nodes.map((node) => String(node.id)))];
  const [songs, albums, artists, songRatings, albumRatings, artistRatings] = await Promise.all([
    likedAmong(db, userId, ids(found.songs).map(Number)),
    starsOf(db, userId, 'album', ids(found.albums)),
    starsOf(db, userId, 'artist', ids(found.artists)),
    ratingsOf(db, userId, 'song', ids(found.songs)),
    ratingsOf(db, userId, 'album', ids(found.albums)),
    ratingsOf(db, userId, 'artist', ids(found.artists)),
  ]);
  const mark = (
    nodes: SubsonicNode[],
    at: (id: string) => Date | undefined,
    ratings: Map<string, number>,
  ) => {
    for (const node of nodes) markNode(node, at(String(node.id)), ratings);
  };
  mark(found.songs, (id) => songs.get(Number(id)), songRatings);
  mark(found.albums, (id) => albums.get(id), albumRatings);
  mark(found.artists, (id) => artists.get(id), artistRatings);
  return payload;
}

/** The caller's starred albums they may still browse, newest star first (getStarred2, getAlbumList2). */
export async function starredAlbums(db: Database, userId: string) {
  const stars = await starsOf(db, userId, 'album');
  if (stars.size === 0) return [];
  return (await listAlbums(db, userId))
    .flatMap((item) => {
      const starred = stars.get(albumId(item.owner.id, item.album.year));
      return starred ? [{ ...item, starred }] : [];
    })
    .sort((a, b) => b.starred.getTime() - a.starred.getTime());
}

/** The caller's starred artists they may still browse, newest star first. */
export async function starredArtists(db: Database, userId: string) {
  const stars = await starsOf(db, userId, 'artist');
  if (stars.size === 0) return [];
  return (await listArtists(db, userId))
    .flatMap((artist) => {
      const starred = stars.get(artistId(artist.id));
      return starred ? [{ ...artist, starred }] : [];
    })
    .sort((a, b) => b.starred.getTime() - a.starred.getTime());
}

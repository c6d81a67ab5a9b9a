import { and, eq, inArray } from 'drizzle-orm';
import { INT4_MAX } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { listenableToViewer, type TrackRow } from '../tracks/tracks.service';
import { type Owner, ownerColumns, toOwner } from './browse.service';
import { ratingsOf } from './ratings.service';
import { songNode } from './subsonic-library';
import { notFound, type SubsonicNode } from './subsonic-response';

/**
 * The songs of a person's play state (queue, bookmarks): what they may hear by the web app's rule
 * (listenableToViewer, as likes and plays are read, decision 0390), checked for many ids at once.
 */
export const songIdOf = (raw: string) =>
  /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= INT4_MAX ? Number(raw) : undefined;

export interface SongRow {
  track: TrackRow;
  owner: Owner;
}

/** The listenable tracks among `trackIds`, by id, with their owners: one query. */
export async function listenableSongs(
  db: Database,
  viewerId: string,
  trackIds: number[],
): Promise<Map<number, SongRow>> {
  const unique = [...new Set(trackIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ track: tracks, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(inArray(tracks.id, unique), listenableToViewer(db, viewerId)));
  return new Map(rows.map((row) => [row.track.id, { track: row.track, owner: toOwner(row.owner) }]));
}

/** Every raw id as a track the caller may hear, in order; 70 for the first that is not (or no id). */
export async function requireListenable(db: Database, viewerId: string, rawIds: string[]): Promise<number[]> {
  const ids = rawIds.map(songIdOf);
  const found = await listenableSongs(
    db,
    viewerId,
    ids.filter((id) => id !== undefined),
  );
  return ids.map((id) => {
    if (id === undefined || !found.has(id)) throw notFound('Song');
    return id;
  });
}

/** Song nodes with the caller's `userRating` where they rated the song (one query for all). */
export async function ratedSongNodes(
  db: Database,
  userId: string,
  songs: SongRow[],
): Promise<SubsonicNode[]> {
  const nodes = songs.map((song) => songNode(song.track, song.owner));
  const ratings = await ratingsOf(
    db,
    userId,
    'song',
    nodes.map((node) => String(node.id)),
  );
  return nodes.map((node) => {
    const rating = ratings.get(String(node.id));
    return rating === undefined ? node : { ...node, userRating: rating };
  });
}

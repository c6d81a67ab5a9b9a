import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { listenableToViewer } from '../tracks/tracks.service';
import { ownerColumns, type SongRow, songColumns, toOwner } from './browse.service';
import { songIdOf } from './song-access';
import { notFound } from './subsonic-response';

/**
 * The songs of a person's play state (queue, bookmarks): what they may hear by the web app's rule
 * (listenableToViewer, as likes and plays are read, decision 0390), checked for many ids at once.
 */
/** The listenable tracks among `trackIds`, by id, with their owners: one query. */
export async function listenableSongs(
  db: Database,
  viewerId: string,
  trackIds: number[],
): Promise<Map<number, SongRow>> {
  const unique = [...new Set(trackIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
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

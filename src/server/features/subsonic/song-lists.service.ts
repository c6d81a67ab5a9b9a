import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trackEquipmentTags, trackPlays, tracks, users } from '../../db/schema';
import { listedToViewer } from '../tracks/tracks.service';
import { ownerColumns, type SongRow, songColumns, toOwner } from './browse.service';

/**
 * getTopSongs and getSimilarSongs(2) (issue 46, decisions 0774, 0775), each one grouped query over
 * the tracks browsing lists to the caller (listedToViewer).
 */

/**
 * The owners' songs, most played first, then newest. Whose plays count is what the web app shows
 * the caller (decision 0395): to the owner, everyone else's plays of their tracks (their own left
 * out, as on the track page); to anyone else, only their own plays.
 */
export async function topSongs(
  db: Database,
  viewerId: string,
  ownerIds: string[],
  limit: number,
): Promise<SongRow[]> {
  if (ownerIds.length === 0 || limit === 0) return [];
  const counted = sql`case when ${tracks.userId} = ${viewerId} then ${trackPlays.userId} <> ${viewerId} else ${trackPlays.userId} = ${viewerId} end`;
  const plays = sql<number>`count(${trackPlays.id})`;
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .leftJoin(trackPlays, and(eq(trackPlays.trackId, tracks.id), counted))
    .where(and(inArray(tracks.userId, ownerIds), listedToViewer(db, viewerId)))
    .groupBy(tracks.id, users.id)
    .orderBy(desc(plays), desc(tracks.createdAt), desc(tracks.id))
    .limit(limit);
  return rows.map((r) => ({ track: r.track, owner: toOwner(r.owner) }));
}

/** The ids of an owner's tracks listed to the viewer (an artist as the seed of similar songs). */
export async function listedTrackIds(db: Database, viewerId: string, ownerId: string): Promise<number[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.userId, ownerId), listedToViewer(db, viewerId)));
  return rows.map((row) => row.id);
}

/**
 * Songs like the seed songs: those sharing the most pieces of their gear first, then the seeds'
 * owners' other songs, newest first within each; never a seed itself.
 */
export async function similarSongs(
  db: Database,
  viewerId: string,
  seed: { trackIds: number[]; ownerId: string },
  limit: number,
): Promise<SongRow[]> {
  if (seed.trackIds.length === 0 || limit === 0) return [];
  const seedGear = db
    .select({ id: trackEquipmentTags.equipmentTagId })
    .from(trackEquipmentTags)
    .where(inArray(trackEquipmentTags.trackId, seed.trackIds));
  const sharing = db
    .select({
      trackId: trackEquipmentTags.trackId,
      shared: sql<number>`count(distinct ${trackEquipmentTags.equipmentTagId})`.as('shared'),
    })
    .from(trackEquipmentTags)
    .where(inArray(trackEquipmentTags.equipmentTagId, seedGear))
    .groupBy(trackEquipmentTags.trackId)
    .as('sharing');
  const sameOwner = eq(tracks.userId, seed.ownerId);
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .leftJoin(sharing, eq(sharing.trackId, tracks.id))
    .where(
      and(
        notInArray(tracks.id, seed.trackIds),
        or(sql`${sharing.shared} > 0`, sameOwner),
        listedToViewer(db, viewerId),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${sharing.shared}, 0)`),
      desc(sql`${sameOwner}`),
      desc(tracks.createdAt),
      desc(tracks.id),
    )
    .limit(limit);
  return rows.map((r) => ({ track: r.track, owner: toOwner(r.owner) }));
}

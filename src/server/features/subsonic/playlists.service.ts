import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  collectiveMembers,
  playlistCollectiveShares,
  playlists,
  playlistTracks,
  tracks,
  users,
} from '../../db/schema';
import { canChangePlaylist, isSharedWithMember, listOwnPlaylists } from '../playlists/playlists.service';
import { findPublicPlaylist, publicTracksOf } from '../playlists/public-playlist.service';
import { listedToViewer } from '../tracks/tracks.service';
import { type Owner, ownerColumns, type SongRow, songColumns, toOwner } from './browse.service';
import type { TileSource } from './song-cover';

/**
 * Journal's playlists as Subsonic playlists (decision 0385). Which playlists the caller sees is the
 * web app's: their own (/api/playlists), those shared into a collective they belong to (the
 * collective's page), and, by id only, a public one (its public page, private tracks left out).
 * Changing one is its owner's alone (playlists.policy.ts).
 */
export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistAccess = 'own' | 'shared' | 'public';

export interface VisiblePlaylist {
  playlist: PlaylistRow;
  owner: Owner & { login: string };
  access: PlaylistAccess;
}

const ownerWithLogin = (row: Parameters<typeof toOwner>[0]) => ({
  ...toOwner(row),
  login: row.username ?? row.id,
});

/** Playlists shared into the viewer's collectives that are someone else's, each once. */
async function sharedPlaylists(db: Database, viewerId: string) {
  const rows = await db
    .selectDistinct({ playlist: playlists, owner: ownerColumns })
    .from(playlistCollectiveShares)
    .innerJoin(
      collectiveMembers,
      and(
        eq(collectiveMembers.collectiveId, playlistCollectiveShares.collectiveId),
        eq(collectiveMembers.userId, viewerId),
      ),
    )
    .innerJoin(playlists, eq(playlists.id, playlistCollectiveShares.playlistId))
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(ne(playlists.userId, viewerId));
  return rows
    .sort(
      (a, b) =>
        b.playlist.createdAt.getTime() - a.playlist.createdAt.getTime() || b.playlist.id - a.playlist.id,
    )
    .map((r) => ({ playlist: r.playlist, owner: ownerWithLogin(r.owner), access: 'shared' as const }));
}

/** getPlaylists: the caller's own, newest first (as the web app lists them), then shared ones. */
export async function listVisiblePlaylists(db: Database, viewer: { id: string; username: string | null }) {
  const [ownDtos, shared] = await Promise.all([
    listOwnPlaylists(db, viewer.id),
    sharedPlaylists(db, viewer.id),
  ]);
  const ownRows = ownDtos.length
    ? await db
        .select({ playlist: playlists, owner: ownerColumns })
        .from(playlists)
        .innerJoin(users, eq(users.id, playlists.userId))
        .where(
          inArray(
            playlists.id,
            ownDtos.map((p) => p.id),
          ),
        )
    : [];
  const byId = new Map(ownRows.map((r) => [r.playlist.id, r]));
  const own = ownDtos.flatMap((dto) => {
    const row = byId.get(dto.id);
    return row ? [{ playlist: row.playlist, owner: ownerWithLogin(row.owner), access: 'own' as const }] : [];
  });
  return [...own, ...shared] satisfies VisiblePlaylist[];
}

/** One playlist as the caller may open it, or undefined (missing, or not theirs to see). */
export async function findVisiblePlaylist(
  db: Database,
  playlistId: number,
  viewerId: string,
): Promise<VisiblePlaylist | undefined> {
  const [row] = await db
    .select({ playlist: playlists, owner: ownerColumns })
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(eq(playlists.id, playlistId));
  if (!row) return undefined;
  const owner = ownerWithLogin(row.owner);
  if (canChangePlaylist(viewerId, row.playlist.userId))
    return { playlist: row.playlist, owner, access: 'own' };
  if (await isSharedWithMember(db, playlistId, viewerId))
    return { playlist: row.playlist, owner, access: 'shared' };
  if (await findPublicPlaylist(db, playlistId)) return { playlist: row.playlist, owner, access: 'public' };
  return undefined;
}

/**
 * The entries the caller hears, in order. Own and shared: what the web app shows (every entry is
 * its owner's track, open to the collective through the share), still filtered by the listing rule
 * so an entry that somehow is not listenable never appears. Public: only its public tracks.
 */
export async function playlistEntries(
  db: Database,
  found: VisiblePlaylist,
  viewerId: string,
): Promise<SongRow[]> {
  if (found.access === 'public') {
    const rows = await publicTracksOf(db, found.playlist.id, found.owner.id);
    return rows.map((track) => ({ track, owner: found.owner }));
  }
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(eq(playlistTracks.playlistId, found.playlist.id), listedToViewer(db, viewerId)))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  return rows.map((r) => ({ track: r.track, owner: toOwner(r.owner) }));
}

export interface PlaylistTotals {
  songCount: number;
  duration: number;
  /** Its first entry the caller hears: its picture's stand-in (decision 0790). */
  first?: TileSource;
}

/** Entry count, whole seconds and first entry per playlist, of what playlistEntries would list. */
export async function playlistTotals(db: Database, found: VisiblePlaylist[], viewerId: string) {
  const totals = new Map<number, PlaylistTotals>();
  const ids = found.filter((f) => f.access !== 'public').map((f) => f.playlist.id);
  if (ids.length === 0) return totals;
  const rows = await db
    .select({
      id: playlistTracks.playlistId,
      songCount: sql<number>`count(*)::int`,
      duration: sql<number>`coalesce(round(sum(${tracks.duration})), 0)::int`,
      firstId: sql<number>`(array_agg(${tracks.id} order by ${playlistTracks.position}, ${playlistTracks.id}))[1]`,
      firstPeaks: sql<
        string | null
      >`(array_agg(${tracks.peaksKey} order by ${playlistTracks.position}, ${playlistTracks.id}))[1]`,
    })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(and(inArray(playlistTracks.playlistId, ids), listedToViewer(db, viewerId)))
    .groupBy(playlistTracks.playlistId);
  for (const row of rows) {
    totals.set(row.id, {
      songCount: Number(row.songCount),
      duration: Number(row.duration),
      first: { id: Number(row.firstId), peaksKey: row.firstPeaks },
    });
  }
  return totals;
}

/** The track ids among `ids` that are the viewer's own: the only ones the web app adds to a playlist. */
export async function ownTrackIds(db: Database, viewerId: string, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(inArray(tracks.id, ids), eq(tracks.userId, viewerId)));
  return new Set(rows.map((r) => r.id));
}

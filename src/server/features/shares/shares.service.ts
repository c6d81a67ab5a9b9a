import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import {
  SHARE_EXPIRED_MESSAGE,
  SHARE_NOT_FOUND_MESSAGE,
  SHARE_TOKEN_PATTERN,
  type SharedItem,
  type SharedTrack,
} from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import { playlists, playlistTracks, shareLinks, tracks, users } from '../../db/schema';
import { imageUrlColumn, imageUrlOf } from '../../media/image-url';
import { HttpError, notFound } from '../../plugins/errors';
import { streamSource, type TrackRow } from '../tracks/tracks.service';
import type { LinkGuest } from './link-cookies';
import { byTokenBase } from './share-paths';
import { uploadLinkView } from './share-uploads.service';
import { isShareExpired, shareGrantsTrack } from './shares.policy';

type LinkRow = typeof shareLinks.$inferSelect;

/**
 * The row of a token that opens something: not revoked, its owner not suspended (decision 0445).
 * Every by-token lookup joins `users` and filters with it, so a revoked token is a 404 everywhere.
 */
export const liveToken = (token: string) =>
  and(eq(shareLinks.token, token), isNull(shareLinks.revokedAt), isNull(users.suspendedAt));

const unknownLink = () => notFound(SHARE_NOT_FOUND_MESSAGE);
const expiredLink = () => new HttpError(410, SHARE_EXPIRED_MESSAGE);

/** The by-token routes' first step: 404 for a malformed, unknown or revoked token, 410 once expired. */
export function checkLink<T extends { expiresAt: Date | null }>(link: T | undefined): T {
  if (!link) throw unknownLink();
  if (isShareExpired(link.expiresAt)) throw expiredLink();
  return link;
}

export { byTokenBase };

function toSharedTrack(
  row: TrackRow,
  token: string,
  { allowDownload, allowVersions }: { allowDownload: boolean; allowVersions: boolean },
): SharedTrack {
  const base = `${byTokenBase(token)}/tracks/${row.id}`;
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    duration: row.duration,
    playable: streamSource(row) !== null,
    streamUrl: `${base}/stream`,
    peaksUrl: row.processingState === 'ready' && row.peaksKey ? `${base}/waveform` : null,
    downloadUrl: allowDownload ? `${base}/original` : null,
    versionsUrl: allowVersions ? `${base}/versions` : null,
    loudnessLufs: row.loudnessLufs,
    truePeakDb: row.truePeakDb,
  };
}

export const displayNameOf = (o: {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}) => [o.firstName, o.lastName].filter(Boolean).join(' ').trim() || o.username || 'Unknown';

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  isPublic: users.isPublic,
  updatedAt: users.updatedAt,
  avatarUrl: imageUrlColumn(users.avatarKey),
};
export interface ShareOwner {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  isPublic: boolean;
  updatedAt: Date;
  avatarUrl: string | null;
}

/** A live link and its owner, before looking at what it opens. */
export interface LiveLink {
  link: LinkRow;
  owner: ShareOwner;
}

/** What a live link opens, as rows: the page, its preview and its embed each shape it their way. */
export type LiveShare = LiveLink &
  (
    | { type: 'track'; track: TrackRow }
    | { type: 'playlist'; playlist: typeof playlists.$inferSelect; tracks: TrackRow[] }
  );

/**
 * The link a token names, with its owner, counting nothing: 404 for a malformed, unknown or revoked
 * token (or a suspended owner's), 410 once expired. Any kind, upload links included.
 */
export async function findLiveLink(db: Database, token: string): Promise<LiveLink> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw unknownLink();
  const [found] = await db
    .select({ link: shareLinks, owner: ownerColumns })
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.userId))
    // A suspended owner's links open nothing (decision 0445), as a revoked one: 404.
    .where(liveToken(token))
    .limit(1);
  const link = checkLink(found?.link);
  return { link, owner: found!.owner };
}

/** The live link a token names, without its owner or item (the guest, unlock and upload routes). */
export const findLinkByToken = async (db: Database, token: string): Promise<LinkRow> =>
  (await findLiveLink(db, token)).link;

/**
 * The item a token opens, with its link and owner, counting nothing: as findLiveLink, and 404 for
 * an upload link (it opens no item: no preview, embed or media of one, decision 0730) or an item
 * gone. The page, its preview and the embed share it.
 */
export async function findLiveShare(db: Database, token: string): Promise<LiveShare> {
  return liveItemOf(db, await findLiveLink(db, token));
}

export async function liveItemOf(db: Database, { link, owner }: LiveLink): Promise<LiveShare> {
  if (link.kind === 'upload') throw unknownLink();
  if (link.trackId !== null) {
    const [track] = await db.select().from(tracks).where(eq(tracks.id, link.trackId)).limit(1);
    if (!track) throw unknownLink();
    return { type: 'track', link, owner, track };
  }
  const [playlist] = await db.select().from(playlists).where(eq(playlists.id, link.playlistId!)).limit(1);
  if (!playlist) throw unknownLink();
  // The playlist's tracks its owner may share: their own (decision 0320), in the playlist's order.
  const rows = await db
    .select({ track: tracks })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(and(eq(playlistTracks.playlistId, playlist.id), eq(tracks.userId, link.userId)))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  return { type: 'playlist', link, owner, playlist, tracks: rows.map((r) => r.track) };
}

/**
 * GET /api/shares/by-token/{token}: the one item the link opens, counted as a visit when
 * `countVisit` (a GET; the HEAD Fastify answers with the same handler is not an open, decision
 * 0335). Only what the page shows: names, notes, durations and the token's own media URLs; no
 * equipment, no comments, nothing else of the owner's.
 */
export async function openShare(
  db: Database,
  token: string,
  {
    countVisit = true,
    gate,
    guestOf = () => null,
  }: {
    countVisit?: boolean;
    /** Refuses a password link not unlocked in this browser (issue 45), before anything is shown or counted. */
    gate?: (link: LinkRow) => void;
    /** This browser's guest on an upload link: it shows them only their own files. */
    guestOf?: (link: LinkRow) => LinkGuest | null;
  } = {},
): Promise<SharedItem> {
  const live = await findLiveLink(db, token);
  const { link, owner } = live;
  gate?.(link);
  const guest = link.kind === 'upload' ? guestOf(link) : null;
  if (countVisit) {
    await db
      .update(shareLinks)
      .set({ visits: sql`${shareLinks.visits} + 1` })
      .where(eq(shareLinks.id, link.id));
  }
  const ownerDto = {
    displayName: displayNameOf(owner),
    username: owner.username,
    avatarUrl: owner.avatarUrl,
  };
  if (link.kind === 'upload') return uploadLinkView(db, link, ownerDto, guest);
  const share = await liveItemOf(db, live);
  const facts = {
    description: link.description,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    allowDownload: link.allowDownload,
    // Versions are a track's: a playlist's link opens none (decision 0600).
    allowVersions: share.type === 'track' && link.allowVersions,
    owner: ownerDto,
  };
  if (share.type === 'track') {
    return { type: 'track', ...facts, track: toSharedTrack(share.track, token, link) };
  }
  const { playlist } = share;
  return {
    type: 'playlist',
    ...facts,
    playlist: {
      name: playlist.name,
      description: playlist.description,
      imageUrl: imageUrlOf(playlist.imageKey),
      tracks: share.tracks.map((track) =>
        toSharedTrack(track, token, { allowDownload: link.allowDownload, allowVersions: false }),
      ),
    },
  };
}

/**
 * The track a by-token media request may read, with its link: one query. 404 for an unknown token
 * or a track the link does not open, 410 once the link has expired (before looking at the track).
 */
export async function findSharedTrack(
  db: Database,
  token: string,
  trackId: number,
): Promise<{ link: LinkRow; track: TrackRow }> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw unknownLink();
  const inPlaylist = exists(
    db
      .select({ one: sql`1` })
      .from(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, shareLinks.playlistId), eq(playlistTracks.trackId, trackId))),
  );
  const [found] = await db
    .select({ link: shareLinks, track: tracks, inPlaylist: sql<boolean>`${inPlaylist}` })
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.userId))
    .leftJoin(tracks, eq(tracks.id, trackId))
    .where(liveToken(token))
    .limit(1);
  const link = checkLink(found?.link);
  const track = found?.track ?? null;
  if (!track || !shareGrantsTrack({ link, track, inPlaylist: Boolean(found?.inPlaylist) })) {
    throw notFound('Track not found');
  }
  return { link, track };
}

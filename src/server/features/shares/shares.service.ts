import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import {
  type CreateShareBody,
  type ListSharesQuery,
  SHARE_EXPIRED_MESSAGE,
  SHARE_NOT_FOUND_MESSAGE,
  SHARE_PAST_EXPIRY_MESSAGE,
  SHARE_TOKEN_PATTERN,
  type SharedItem,
  type SharedTrack,
  type ShareLink,
} from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import { playlists, playlistTracks, shareLinks, tracks, users } from '../../db/schema';
import { imageUrlColumn, imageUrlOf } from '../../media/image-url';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { findOwnPlaylist } from '../playlists/playlists.service';
import { findOwnTrack, streamSource, type TrackRow } from '../tracks/tracks.service';
import { isShareExpired, shareGrantsTrack } from './shares.policy';

type LinkRow = typeof shareLinks.$inferSelect;

/** 32 random bytes, base64url: 256 bits nobody guesses (the issue asks for at least 128). */
export const newShareToken = () => randomBytes(32).toString('base64url');

export const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/s/${token}`;

function toShareLinkDto(row: LinkRow, itemName: string, publicUrl: string): ShareLink {
  return {
    id: row.id,
    url: shareUrl(publicUrl, row.token),
    token: row.token,
    trackId: row.trackId,
    playlistId: row.playlistId,
    itemName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isShareExpired(row.expiresAt),
    allowDownload: row.allowDownload,
    description: row.description,
    visits: row.visits,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /api/shares: the owner's track or playlist (anyone else: 404), whatever its visibility. */
export async function createShare(
  db: Database,
  userId: string,
  body: CreateShareBody,
  publicUrl: string,
): Promise<ShareLink> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && isShareExpired(expiresAt)) throw badRequest(SHARE_PAST_EXPIRY_MESSAGE);
  // findOwn* answer 404 for someone else's item and for none at all (canChangeTrack/Playlist is
  // canShareItem: the owner alone).
  const item =
    body.trackId !== undefined
      ? await findOwnTrack(db, body.trackId, userId)
      : await findOwnPlaylist(db, body.playlistId!, userId);
  const [row] = await db
    .insert(shareLinks)
    .values({
      userId,
      trackId: body.trackId ?? null,
      playlistId: body.playlistId ?? null,
      token: newShareToken(),
      expiresAt,
      allowDownload: body.allowDownload ?? false,
      description: body.description ?? null,
    })
    .returning();
  return toShareLinkDto(row!, item.name, publicUrl);
}

/** GET /api/shares: the caller's links, newest first, with their visits. */
export async function listShares(
  db: Database,
  userId: string,
  query: ListSharesQuery,
  publicUrl: string,
): Promise<ShareLink[]> {
  const rows = await db
    .select({
      link: shareLinks,
      itemName: sql<string>`coalesce(${tracks.name}, ${playlists.name}, '')`,
    })
    .from(shareLinks)
    .leftJoin(tracks, eq(tracks.id, shareLinks.trackId))
    .leftJoin(playlists, eq(playlists.id, shareLinks.playlistId))
    .where(
      and(
        eq(shareLinks.userId, userId),
        query.trackId !== undefined ? eq(shareLinks.trackId, query.trackId) : undefined,
        query.playlistId !== undefined ? eq(shareLinks.playlistId, query.playlistId) : undefined,
      ),
    )
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((r) => toShareLinkDto(r.link, r.itemName, publicUrl));
}

/** DELETE /api/shares/{id}: the row goes, so its token answers 404 from now on. */
export async function revokeShare(db: Database, userId: string, shareId: number): Promise<void> {
  const [row] = await db
    .delete(shareLinks)
    .where(and(eq(shareLinks.id, shareId), eq(shareLinks.userId, userId)))
    .returning({ id: shareLinks.id });
  if (!row) throw notFound('Share link not found');
}

const unknownLink = () => notFound(SHARE_NOT_FOUND_MESSAGE);
const expiredLink = () => new HttpError(410, SHARE_EXPIRED_MESSAGE);

/** The by-token routes' first step: 404 for a malformed, unknown or revoked token, 410 once expired. */
function checkLink<T extends { expiresAt: Date | null }>(link: T | undefined): T {
  if (!link) throw unknownLink();
  if (isShareExpired(link.expiresAt)) throw expiredLink();
  return link;
}

export const byTokenBase = (token: string) => `/api/shares/by-token/${encodeURIComponent(token)}`;

function toSharedTrack(row: TrackRow, token: string, allowDownload: boolean): SharedTrack {
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
  };
}

const displayNameOf = (o: { firstName: string | null; lastName: string | null; username: string | null }) =>
  [o.firstName, o.lastName].filter(Boolean).join(' ').trim() || o.username || 'Unknown';

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

/** What a live link opens, as rows: the page, its preview and its embed each shape it their way. */
export type LiveShare = { link: LinkRow; owner: ShareOwner } & (
  | { type: 'track'; track: TrackRow }
  | { type: 'playlist'; playlist: typeof playlists.$inferSelect; tracks: TrackRow[] }
);

/**
 * The item a token opens, with its link and owner, counting nothing: 404 for a malformed, unknown
 * or revoked token (or an item gone), 410 once expired. The page, its preview and the embed share it.
 */
export async function findLiveShare(db: Database, token: string): Promise<LiveShare> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw unknownLink();
  const [found] = await db
    .select({ link: shareLinks, owner: ownerColumns })
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.userId))
    // A suspended owner's links open nothing (decision 0445), as a revoked one: 404.
    .where(and(eq(shareLinks.token, token), isNull(users.suspendedAt)))
    .limit(1);
  const link = checkLink(found?.link);
  const owner = found!.owner;
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
  { countVisit = true } = {},
): Promise<SharedItem> {
  const share = await findLiveShare(db, token);
  const { link, owner } = share;
  if (countVisit) {
    await db
      .update(shareLinks)
      .set({ visits: sql`${shareLinks.visits} + 1` })
      .where(eq(shareLinks.id, link.id));
  }
  const facts = {
    description: link.description,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    allowDownload: link.allowDownload,
    owner: { displayName: displayNameOf(owner), username: owner.username, avatarUrl: owner.avatarUrl },
  };
  if (share.type === 'track') {
    return { type: 'track', ...facts, track: toSharedTrack(share.track, token, link.allowDownload) };
  }
  const { playlist } = share;
  return {
    type: 'playlist',
    ...facts,
    playlist: {
      name: playlist.name,
      description: playlist.description,
      imageUrl: imageUrlOf(playlist.imageKey),
      tracks: share.tracks.map((track) => toSharedTrack(track, token, link.allowDownload)),
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
    .where(and(eq(shareLinks.token, token), isNull(users.suspendedAt)))
    .limit(1);
  const link = checkLink(found?.link);
  const track = found?.track ?? null;
  if (!track || !shareGrantsTrack({ link, track, inPlaylist: Boolean(found?.inPlaylist) })) {
    throw notFound('Track not found');
  }
  return { link, track };
}

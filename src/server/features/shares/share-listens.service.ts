import { and, asc, countDistinct, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  LEAK_LISTENERS,
  LEAK_WINDOW_HOURS,
  LISTENER_ID_PATTERN,
  type ListenHeat,
  type ListenReport,
  type ShareListener,
  type ShareListens,
} from '../../../shared/schemas/share-listens';
import { SHARE_NOT_FOUND_MESSAGE, SHARE_TOKEN_PATTERN } from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import { notifications, playlistTracks, shareLinks, shareListens, tracks } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { findOwnTrack, type TrackRow } from '../tracks/tracks.service';
import {
  addToHistogram,
  emptyHistogram,
  foldListen,
  heardSeconds,
  mergeSpan,
  type Span,
} from './listen-spans';
import { findOwnShare } from './share-links.service';
import { findSharedTrack } from './shares.service';

/**
 * Listening insight (issue 45, decisions 0720-0726): what a share link's player reports it played,
 * folded per listener, link and track into `share_listens`; the owner's figures read from there;
 * the leak alert when a link passes 100 listeners in 48 hours.
 */

type LinkRow = typeof shareLinks.$inferSelect;
type ListenRow = typeof shareListens.$inferSelect;

/**
 * The link and track a report is about: a playlist's link must name its track, a track's link may
 * leave it out. 404 for an unknown or revoked link or a track it does not open, 410 once expired.
 */
export async function findListenTarget(
  db: Database,
  token: string,
  trackId: number | undefined,
): Promise<{ link: LinkRow; track: TrackRow }> {
  if (trackId !== undefined) return findSharedTrack(db, token, trackId);
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound(SHARE_NOT_FOUND_MESSAGE);
  const [link] = await db
    .select({ trackId: shareLinks.trackId, playlistId: shareLinks.playlistId })
    .from(shareLinks)
    .where(eq(shareLinks.token, token))
    .limit(1);
  if (!link) throw notFound(SHARE_NOT_FOUND_MESSAGE);
  if (link.trackId === null) throw badRequest("trackId is needed for a playlist's link");
  return findSharedTrack(db, token, link.trackId);
}

const keyOf = (shareId: number, listenerId: string, trackId: number) =>
  and(
    eq(shareListens.shareId, shareId),
    eq(shareListens.listenerId, listenerId),
    eq(shareListens.trackId, trackId),
  );

/**
 * One reported span (decisions 0721, 0722): merged into the listener's `heard`, furthest raised, a
 * play counted when a sitting starts. A span out of range or implausible is ignored (the reply is
 * the same 204: a player has nothing to do about it, a forger learns nothing). Returns whether it
 * counted.
 */
export async function recordListen(
  db: Database,
  { link, track }: { link: LinkRow; track: TrackRow },
  report: ListenReport,
  now = new Date(),
): Promise<boolean> {
  const span: Span = [report.fromSeconds, report.toSeconds];
  const outcome = await db.transaction(async (tx) => {
    const [prev] = await tx
      .select()
      .from(shareListens)
      .where(keyOf(link.id, report.listenerId, track.id))
      .for('update');
    const folded = foldListen(prev ?? null, span, track.duration, now);
    if (!folded.ok) return { counted: false, created: false };
    const figures = {
      heard: folded.heard,
      furthestSeconds: folded.furthestSeconds,
      plays: folded.plays,
      lastAt: now,
    };
    if (prev) {
      await tx
        .update(shareListens)
        .set(figures)
        .where(keyOf(link.id, report.listenerId, track.id));
      return { counted: true, created: false };
    }
    // Two first reports at once: the second finds the row made and is dropped (one span, once).
    await tx
      .insert(shareListens)
      .values({
        shareId: link.id,
        listenerId: report.listenerId,
        trackId: track.id,
        ...figures,
        firstAt: now,
      })
      .onConflictDoNothing();
    return { counted: true, created: true };
  });
  // Only a new row can bring a new listener: a heartbeat of a known one counts nothing again.
  if (outcome.created) await alertIfLeaked(db, link, now);
  return outcome.counted;
}

/**
 * A download through the link by a listener the page named (`?listener=`, decision 0724): counted
 * on their row. A malformed id is not counted (the download itself goes on).
 */
export async function countShareDownload(
  db: Database,
  link: LinkRow,
  trackId: number,
  listenerId: string | undefined,
  now = new Date(),
): Promise<void> {
  if (!listenerId || !LISTENER_ID_PATTERN.test(listenerId)) return;
  await db
    .insert(shareListens)
    .values({ shareId: link.id, listenerId, trackId, downloads: 1, firstAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: [shareListens.shareId, shareListens.listenerId, shareListens.trackId],
      set: { downloads: sql`${shareListens.downloads} + 1`, lastAt: now },
    });
  await alertIfLeaked(db, link, now);
}

/**
 * The leak alert (decision 0725): once a link has LEAK_LISTENERS distinct listeners whose last (so
 * also any first) listen lies within LEAK_WINDOW_HOURS, its owner gets one `share_leak` entry. Once
 * per link: `leak_alerted_at` is set by the one update that finds it unset. Not to be switched off.
 */
async function alertIfLeaked(db: Database, link: LinkRow, now: Date): Promise<void> {
  if (link.leakAlertedAt !== null) return;
  const since = new Date(now.getTime() - LEAK_WINDOW_HOURS * 60 * 60 * 1000);
  const [counted] = await db
    .select({ listeners: countDistinct(shareListens.listenerId) })
    .from(shareListens)
    .where(and(eq(shareListens.shareId, link.id), gte(shareListens.lastAt, since)));
  if ((counted?.listeners ?? 0) < LEAK_LISTENERS) return;
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(shareLinks)
      .set({ leakAlertedAt: now })
      .where(and(eq(shareLinks.id, link.id), isNull(shareLinks.leakAlertedAt)))
      .returning({ id: shareLinks.id });
    if (!marked) return;
    await tx.insert(notifications).values({
      userId: link.userId,
      kind: 'share_leak',
      shareId: link.id,
      trackId: link.trackId,
      playlistId: link.playlistId,
    });
  });
}

interface TimelineTrack {
  id: number;
  name: string;
  duration: number | null;
}

/** The tracks a link opens now, in order: its track, or its playlist's tracks of its owner's. */
async function linkTracks(db: Database, link: LinkRow): Promise<TimelineTrack[]> {
  const columns = { id: tracks.id, name: tracks.name, duration: tracks.duration };
  if (link.trackId !== null) {
    return db.select(columns).from(tracks).where(eq(tracks.id, link.trackId));
  }
  if (link.playlistId === null) return [];
  const rows = await db
    .select(columns)
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(and(eq(playlistTracks.playlistId, link.playlistId), eq(tracks.userId, link.userId)))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/**
 * One listener's figures over some tracks laid end to end (`offsets`): a track's link has one, so
 * its figures are the track's; a playlist's are the whole playlist's (decision 0726).
 */
function listenerFigures(
  rows: ListenRow[],
  recipient: string | null,
  offsets: Map<number, number>,
  durations: Map<number, number>,
  total: number,
): ShareListener {
  let heard = 0;
  let furthest = 0;
  for (const row of rows) {
    heard += heardSeconds(row.heard, durations.get(row.trackId) ?? 0);
    if (row.furthestSeconds > 0)
      furthest = Math.max(furthest, (offsets.get(row.trackId) ?? 0) + row.furthestSeconds);
  }
  const first = rows.reduce((a, r) => (r.firstAt < a ? r.firstAt : a), rows[0]!.firstAt);
  const last = rows.reduce((a, r) => (r.lastAt > a ? r.lastAt : a), rows[0]!.lastAt);
  return {
    listenerId: rows[0]!.listenerId,
    recipient,
    plays: rows.reduce((n, r) => n + r.plays, 0),
    furthestSeconds: Math.round(furthest * 100) / 100,
    heardFraction: total > 0 ? Math.min(1, Math.round((heard / total) * 1000) / 1000) : 0,
    downloads: rows.reduce((n, r) => n + r.downloads, 0),
    firstAt: first.toISOString(),
    lastAt: last.toISOString(),
  };
}

/** Rows grouped by listener, the groups in the order their listeners first came. */
function byListener(rows: ListenRow[]): ListenRow[][] {
  const groups = new Map<string, ListenRow[]>();
  for (const row of rows) groups.set(row.listenerId, [...(groups.get(row.listenerId) ?? []), row]);
  const firstOf = (g: ListenRow[]) => Math.min(...g.map((r) => r.firstAt.getTime()));
  return [...groups.values()].sort((a, b) => firstOf(a) - firstOf(b));
}

/**
 * GET /api/shares/{id}/listens, the owner's only (anyone else: 404): per listener, per track and
 * the histogram. Three queries whatever the number of listeners; the folding is done here.
 */
export async function shareListensOf(db: Database, userId: string, shareId: number): Promise<ShareListens> {
  const link = await findOwnShare(db, userId, shareId);
  const timeline = await linkTracks(db, link);
  const rows = await db
    .select()
    .from(shareListens)
    .where(eq(shareListens.shareId, link.id))
    .orderBy(asc(shareListens.firstAt));
  const offsets = new Map<number, number>();
  const durations = new Map<number, number>();
  let total = 0;
  for (const t of timeline) {
    offsets.set(t.id, total);
    durations.set(t.id, t.duration ?? 0);
    total += t.duration ?? 0;
  }
  // Rows of a track the link no longer opens (taken out of the playlist) are left out.
  const open = rows.filter((r) => offsets.has(r.trackId));
  const histogram = emptyHistogram();
  const listeners = byListener(open).map((group) => {
    for (const row of group) addToHistogram(histogram, row.heard, total, offsets.get(row.trackId));
    return listenerFigures(group, link.recipient, offsets, durations, total);
  });
  const perTrack = timeline.map((t) => {
    const own = open.filter((r) => r.trackId === t.id);
    const trackHistogram = emptyHistogram();
    const only = new Map([[t.id, 0]]);
    const duration = new Map([[t.id, t.duration ?? 0]]);
    const trackListeners = own.map((row) => {
      addToHistogram(trackHistogram, row.heard, t.duration ?? 0);
      return listenerFigures([row], link.recipient, only, duration, t.duration ?? 0);
    });
    return {
      trackId: t.id,
      name: t.name,
      duration: t.duration,
      listeners: trackListeners,
      histogram: trackHistogram,
    };
  });
  return { listeners, histogram, tracks: perTrack };
}

/**
 * GET /api/tracks/{id}/listen-heat, the owner's only (decision 0727): the track heard through all
 * its links, each browser once (its spans through every link joined). Two queries.
 */
export async function trackListenHeat(db: Database, userId: string, trackId: number): Promise<ListenHeat> {
  const track = await findOwnTrack(db, trackId, userId);
  const rows = await db
    .select({ listenerId: shareListens.listenerId, heard: shareListens.heard })
    .from(shareListens)
    .where(eq(shareListens.trackId, track.id));
  const heardBy = new Map<string, Span[]>();
  for (const row of rows) {
    // A browser that only downloaded heard nothing here.
    if (row.heard.length === 0) continue;
    const joined = row.heard.reduce((acc, span) => mergeSpan(acc, span), heardBy.get(row.listenerId) ?? []);
    heardBy.set(row.listenerId, joined);
  }
  const histogram = emptyHistogram();
  for (const heard of heardBy.values()) addToHistogram(histogram, heard, track.duration ?? 0);
  return { listeners: heardBy.size, histogram };
}

import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ExportedTrack } from '../../../shared/schemas/journal-export';
import type {
  ExportedGuestComment,
  ExportedListen,
  ExportedShareLink,
} from '../../../shared/schemas/journal-export-shares';
import type { Database } from '../../db/client';
import { guestComments, shareLinks, shareListens, shareUploads, tracks } from '../../db/schema';

// The person's share links in journal.json (issue 45, decision 0740): each with its guests'
// comments and its listens, and on received tracks who sent them. Never a token, a password hash,
// a guest's id or a listener's id: those are secrets of the link or of a browser.

/**
 * Rows are read a page at a time, by key: a link a thousand browsers played is read in bounded
 * queries, never as one result the driver must hold beside the journal being built.
 */
export const EXPORT_PAGE_ROWS = 1000;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** Numbers the distinct keys in the order given: 1, 2, 3… */
function numbering<K>(keys: Iterable<K>): Map<K, number> {
  const numbers = new Map<K, number>();
  for (const key of keys) if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
  return numbers;
}

/**
 * The person's links of the exported items (tracks by export id, playlists by their place in
 * `playlists`) and their upload links, oldest first. A link whose item is not in the export (made
 * while it ran) is left out with its comments and listens.
 */
export async function exportShareLinks(
  db: Database,
  userId: string,
  trackIds: Set<number>,
  playlistPlaces: Map<number, number>,
): Promise<ExportedShareLink[]> {
  const rows = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.userId, userId))
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id));
  const links = rows.filter((l) =>
    l.trackId !== null
      ? trackIds.has(l.trackId)
      : l.playlistId !== null
        ? playlistPlaces.has(l.playlistId)
        : l.kind === 'upload',
  );
  if (links.length === 0) return [];
  const comments = await guestCommentsOf(db, userId, trackIds);
  const listens = await listensOf(db, userId, trackIds);
  return links.map((l) => ({
    id: l.id,
    kind: l.kind,
    trackId: l.trackId,
    playlist: l.playlistId === null ? null : playlistPlaces.get(l.playlistId)!,
    recipient: l.recipient,
    description: l.description,
    hasPassword: l.passwordHash !== null,
    allowDownload: l.allowDownload,
    allowVersions: l.allowVersions,
    expiresAt: isoOrNull(l.expiresAt),
    commentsClosedAt: isoOrNull(l.commentsClosedAt),
    maxFiles: l.maxFiles,
    maxBytes: l.maxBytes,
    visits: l.visits,
    createdAt: iso(l.createdAt),
    guestComments: comments.get(l.id) ?? [],
    listens: listens.get(l.id) ?? [],
  }));
}

/** Guest comments on the person's links, by link, oldest first; guests numbered per link. */
async function guestCommentsOf(db: Database, userId: string, trackIds: Set<number>) {
  const byLink = new Map<number, ExportedGuestComment[]>();
  const guests = new Map<number, Map<string, number>>();
  let after = 0;
  for (;;) {
    const page = await db
      .select({ comment: guestComments })
      .from(guestComments)
      .innerJoin(shareLinks, eq(shareLinks.id, guestComments.shareId))
      .where(and(eq(shareLinks.userId, userId), gt(guestComments.id, after)))
      .orderBy(asc(guestComments.id))
      .limit(EXPORT_PAGE_ROWS);
    for (const { comment: c } of page) {
      if (!trackIds.has(c.trackId)) continue;
      const numbers = guests.get(c.shareId) ?? new Map<string, number>();
      guests.set(c.shareId, numbers);
      if (c.guestId !== null && !numbers.has(c.guestId)) numbers.set(c.guestId, numbers.size + 1);
      const list = byLink.get(c.shareId) ?? [];
      byLink.set(c.shareId, list);
      list.push({
        id: c.id,
        trackId: c.trackId,
        parent: c.parentId,
        guest: c.guestId === null ? null : numbers.get(c.guestId)!,
        name: c.name,
        content: c.content,
        atSeconds: c.atSeconds,
        endSeconds: c.endSeconds,
        trackVersion: c.trackVersion,
        hiddenAt: isoOrNull(c.hiddenAt),
        createdAt: iso(c.createdAt),
      });
    }
    if (page.length < EXPORT_PAGE_ROWS) return byLink;
    after = page.at(-1)!.comment.id;
  }
}

type ListenRow = typeof shareListens.$inferSelect;

/**
 * Listens on the person's links, by link: read by primary key a page at a time, then each link's
 * listeners numbered by their first listen (the id breaks a tie), so the numbers say who came first
 * and an import, which gives new ids in that order, exports the same numbers.
 */
async function listensOf(db: Database, userId: string, trackIds: Set<number>) {
  const rowsByLink = new Map<number, ListenRow[]>();
  let after: { shareId: number; listenerId: string; trackId: number } | undefined;
  for (;;) {
    const page = await db
      .select({ listen: shareListens })
      .from(shareListens)
      .innerJoin(shareLinks, eq(shareLinks.id, shareListens.shareId))
      .where(
        and(
          eq(shareLinks.userId, userId),
          // Listener ids compared byte for byte, in the key and the order alike, whatever the collation.
          after
            ? sql`(${shareListens.shareId}, ${shareListens.listenerId} collate "C", ${shareListens.trackId}) > (${after.shareId}::integer, ${after.listenerId}::text collate "C", ${after.trackId}::integer)`
            : undefined,
        ),
      )
      .orderBy(
        asc(shareListens.shareId),
        sql`${shareListens.listenerId} collate "C"`,
        asc(shareListens.trackId),
      )
      .limit(EXPORT_PAGE_ROWS);
    for (const { listen } of page) {
      if (!trackIds.has(listen.trackId)) continue;
      const list = rowsByLink.get(listen.shareId) ?? [];
      rowsByLink.set(listen.shareId, list);
      list.push(listen);
    }
    if (page.length < EXPORT_PAGE_ROWS) break;
    const last = page.at(-1)!.listen;
    after = { shareId: last.shareId, listenerId: last.listenerId, trackId: last.trackId };
  }
  const byLink = new Map<number, ExportedListen[]>();
  for (const [shareId, rows] of rowsByLink) {
    const firstOf = new Map<string, number>();
    for (const r of rows) {
      const at = r.firstAt.getTime();
      firstOf.set(r.listenerId, Math.min(firstOf.get(r.listenerId) ?? at, at));
    }
    const byFirst = (a: string, b: string) =>
      firstOf.get(a)! - firstOf.get(b)! || (a < b ? -1 : a > b ? 1 : 0);
    const numbers = numbering([...firstOf.keys()].sort(byFirst));
    const listed = rows
      .map(
        (r): ExportedListen => ({
          listener: numbers.get(r.listenerId)!,
          trackId: r.trackId,
          heard: r.heard,
          furthestSeconds: r.furthestSeconds,
          plays: r.plays,
          downloads: r.downloads,
          firstAt: iso(r.firstAt),
          lastAt: iso(r.lastAt),
        }),
      )
      .sort((a, b) => a.listener - b.listener || a.trackId - b.trackId);
    byLink.set(shareId, listed);
  }
  return byLink;
}

/**
 * Writes `receivedFrom` on each exported track that came through an upload link: the guest's name,
 * the link's label, the link's id when it is in the export (it may have been revoked since), when.
 */
export async function addReceivedFrom(
  db: Database,
  userId: string,
  exported: ExportedTrack[],
  linkIds: Set<number>,
): Promise<void> {
  const ids = exported.map((t) => t.id);
  if (ids.length === 0) return;
  const rows = await db
    .select({ upload: shareUploads })
    .from(shareUploads)
    .innerJoin(tracks, eq(tracks.id, shareUploads.trackId))
    .where(and(eq(tracks.userId, userId), inArray(shareUploads.trackId, ids)));
  const byTrack = new Map(rows.map((r) => [r.upload.trackId, r.upload]));
  for (const t of exported) {
    const u = byTrack.get(t.id);
    if (!u) continue;
    t.receivedFrom = {
      guestName: u.guestName,
      linkLabel: u.linkLabel,
      link: u.shareId !== null && linkIds.has(u.shareId) ? u.shareId : null,
      size: u.size,
      receivedAt: iso(u.createdAt),
    };
  }
}

import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ExportedTrack, JournalExport } from '../../../shared/schemas/journal-export';
import type { ExportedShareLink } from '../../../shared/schemas/journal-export-shares';
import { guestComments, shareLinks, shareListens, shareUploads } from '../../db/schema';
import { newShareToken } from '../shares/share-links.service';
import { refuse } from './import-rules';
import { guestCommentRules, listenRules, receivedFromRules, shareLinkRules } from './import-share-rules';
import type { ImportContext } from './import-tracks';

/**
 * What an import makes of an archive's share links (issue 45, decision 0741): history, never access.
 * Each link of a track or playlist this import made, and each upload link not already here, comes
 * back with its kind, recipient, description, switches, caps, visits and dates, its guests' comments
 * and its listens; but with a new token (the old address may still work where it was made, and an
 * archive must not revive it), expired at once (its own expiry when that came first), and, when it
 * had a password, one nobody knows (the hash is never exported). Guests and listeners get new random
 * ids, one per number of the archive. A received track gets its "Received from" back.
 */
export async function importShareLinks(
  ctx: ImportContext,
  journal: JournalExport,
  /** Export id → new id, only for the tracks this import made (a skipped track keeps what it has). */
  madeTracks: Map<number, number>,
  /** Place in `playlists` → new id, only for the playlists this import made. */
  madePlaylists: Map<number, number>,
  now = new Date(),
): Promise<void> {
  const linkIdOf = new Map<number, number>();
  for (const exported of journal.shareLinks ?? []) {
    const upload = exported.kind === 'upload';
    const trackId = exported.trackId === null ? null : madeTracks.get(exported.trackId);
    const playlistId = exported.playlist === null ? null : madePlaylists.get(exported.playlist);
    // Its item was already here (skipped) or refused: the link stays where it is, or goes with it.
    if (trackId === undefined || playlistId === undefined) continue;
    const rules = shareLinkRules(exported);
    if (!rules.ok) {
      refuse(ctx.made, 'share link', rules.reason);
      continue;
    }
    const l = rules.value;
    if (upload && (await sameUploadLink(ctx, l))) continue;
    const exportedExpiry = l.expiresAt === null ? null : new Date(l.expiresAt);
    const [row] = await ctx.db
      .insert(shareLinks)
      .values({
        userId: ctx.userId,
        trackId,
        playlistId,
        token: newShareToken(),
        expiresAt: exportedExpiry && exportedExpiry < now ? exportedExpiry : now,
        allowDownload: l.allowDownload,
        allowVersions: l.allowVersions,
        description: l.description,
        visits: l.visits,
        kind: l.kind,
        passwordHash: l.hasPassword ? unknownPasswordHash() : null,
        recipient: l.recipient,
        commentsClosedAt: l.commentsClosedAt === null ? null : new Date(l.commentsClosedAt),
        maxFiles: l.maxFiles,
        maxBytes: l.maxBytes,
        createdAt: new Date(l.createdAt),
      })
      .returning({ id: shareLinks.id });
    const shareId = row!.id;
    ctx.made.shareLinks ??= [];
    ctx.made.shareLinks.push(shareId);
    linkIdOf.set(l.id, shareId);
    await importGuestComments(ctx, l, shareId, madeTracks);
    await importListens(ctx, l, shareId, madeTracks);
  }
  await importReceivedFrom(ctx, journal.tracks, madeTracks, linkIdOf);
}

/** Twice is once: an upload link (it opens no item to tell it by) already here from the same archive. */
async function sameUploadLink(ctx: ImportContext, l: ExportedShareLink) {
  const [same] = await ctx.db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.userId, ctx.userId),
        eq(shareLinks.kind, 'upload'),
        eq(shareLinks.createdAt, new Date(l.createdAt)),
      ),
    )
    .limit(1);
  return same !== undefined;
}

/**
 * A well-formed scrypt hash (`scrypt$N$r$p$salt$hash`, the links' format) of 32 random bytes that are
 * then forgotten: the link stays password-protected, and no password opens it.
 */
function unknownPasswordHash(): string {
  const salt = randomBytes(16);
  const hash = scryptSync(randomBytes(32), salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Archive number → a new random id, made once per number. */
const idsByNumber = () => {
  const ids = new Map<number, string>();
  return (n: number) => {
    const known = ids.get(n);
    if (known) return known;
    const made = randomUUID();
    ids.set(n, made);
    return made;
  };
};

async function importGuestComments(
  ctx: ImportContext,
  l: ExportedShareLink,
  shareId: number,
  madeTracks: Map<number, number>,
) {
  const guestId = idsByNumber();
  const newIdOf = new Map<number, number>();
  // Oldest first, as exported: a parent is in before its replies.
  for (const c of l.guestComments) {
    const trackId = madeTracks.get(c.trackId);
    if (trackId === undefined) continue;
    const rules = guestCommentRules(c);
    const parentId = c.parent === null ? null : newIdOf.get(c.parent);
    if (!rules.ok || parentId === undefined) {
      refuse(ctx.made, 'guest comment', rules.ok ? 'A reply whose comment was left out' : rules.reason);
      continue;
    }
    const v = rules.value;
    const [row] = await ctx.db
      .insert(guestComments)
      .values({
        shareId,
        trackId,
        parentId,
        guestId: v.guest === null ? null : guestId(v.guest),
        // The owner's replies are the importing person's: the archive's owner is who imports it.
        userId: v.guest === null ? ctx.userId : null,
        name: v.name,
        content: v.content,
        atSeconds: v.atSeconds,
        endSeconds: v.endSeconds,
        trackVersion: v.trackVersion,
        hiddenAt: v.hiddenAt === null ? null : new Date(v.hiddenAt),
        createdAt: new Date(v.createdAt),
      })
      .returning({ id: guestComments.id });
    newIdOf.set(c.id, row!.id);
  }
}

async function importListens(
  ctx: ImportContext,
  l: ExportedShareLink,
  shareId: number,
  madeTracks: Map<number, number>,
) {
  // New ids in the listeners' order, so a tie on the first listen is broken as it was (export-shares.ts).
  const numbers = [...new Set(l.listens.map((x) => x.listener))].sort((a, b) => a - b);
  const fresh = numbers.map(() => randomUUID()).sort();
  const listenerId = new Map(numbers.map((n, i) => [n, fresh[i]!]));
  const rows = [];
  for (const x of l.listens) {
    const trackId = madeTracks.get(x.trackId);
    if (trackId === undefined) continue;
    const rules = listenRules(x);
    if (!rules.ok) {
      refuse(ctx.made, 'listen', rules.reason);
      continue;
    }
    rows.push({
      shareId,
      listenerId: listenerId.get(x.listener)!,
      trackId,
      heard: x.heard,
      furthestSeconds: x.furthestSeconds,
      plays: x.plays,
      downloads: x.downloads,
      firstAt: new Date(x.firstAt),
      lastAt: new Date(x.lastAt),
    });
  }
  // In slices: one insert's parameters stay well under the drivers' limit however many listened.
  for (let i = 0; i < rows.length; i += 500) {
    await ctx.db
      .insert(shareListens)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/** A received track keeps who sent it and through which link (the link's new id, if it came back). */
async function importReceivedFrom(
  ctx: ImportContext,
  exported: ExportedTrack[],
  madeTracks: Map<number, number>,
  linkIdOf: Map<number, number>,
) {
  for (const t of exported) {
    const trackId = madeTracks.get(t.id);
    if (!t.receivedFrom || trackId === undefined) continue;
    const rules = receivedFromRules(t.receivedFrom);
    if (!rules.ok) {
      refuse(ctx.made, 'share link', rules.reason);
      continue;
    }
    const r = rules.value;
    await ctx.db
      .insert(shareUploads)
      .values({
        trackId,
        shareId: r.link === null ? null : (linkIdOf.get(r.link) ?? null),
        // The guest's id is a browser's secret, never exported: a new one, so the row is whole.
        guestId: randomUUID(),
        guestName: r.guestName,
        linkLabel: r.linkLabel,
        size: r.size,
        createdAt: new Date(r.receivedAt),
      })
      .onConflictDoNothing();
  }
}

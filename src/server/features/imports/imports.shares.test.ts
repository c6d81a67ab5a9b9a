import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalExportSchema } from '../../../shared/schemas/journal-export';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportZip } from '../../../test/import-round-trip';
import { importAndWait, makeZip } from '../../../test/imports';
import { comparableShares, SEEDED_SECRETS, seedShareHistory, shareRowsOf } from '../../../test/share-history';
import { unzipEntries } from '../../../test/unzip';
import { imports, shareLinks, shareUploads, tracks } from '../../db/schema';
import { planExport } from '../exports/export-journal';
import { isShareExpired } from '../shares/shares.policy';
import { undoImport } from './import-job';

// Issue 45 through export → import → export (decision 0741): links come back as history (new token,
// expired, an unknown password when they had one) with their threads, listens and received tracks'
// sender; the same archive twice makes nothing twice. PGlite or PostgreSQL by TEST_DATABASE_URL.

let t: TestApp;
let me: TestClient & { userId: string };
let zip: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'ada' });
  await seedShareHistory(t, me);
  zip = await exportZip(me);
}, 120_000);
afterAll(() => t?.close());

const journalOf = async (archive: Buffer) =>
  journalExportSchema.parse(
    JSON.parse((await unzipEntries(archive)).find((e) => e.name === 'journal.json')!.data.toString()),
  );

describe('share links through an import', () => {
  let fresh: TestClient & { userId: string };

  it('round trip: the share parts of the new account’s export equal the old one’s', async () => {
    fresh = await t.signedInClient({ username: 'newcomer' });
    const done = await importAndWait(fresh, zip);
    expect(done.error).toBeNull();
    expect(done.refused).toEqual([]);
    const before = (await planExport(t.db, me.userId)).journal;
    const after = (await planExport(t.db, fresh.userId)).journal;
    expect(after.shareLinks).toHaveLength(3);
    expect(comparableShares(after)).toEqual(comparableShares(before));
    // The owner's reply is the importing person's own.
    const { comments } = await shareRowsOf(t, fresh.userId);
    expect(comments.filter((c) => c.userId !== null).map((c) => c.userId)).toEqual([fresh.userId]);
  }, 120_000);

  it('history, not access: new tokens, expired, a password nobody knows, new guest and listener ids', async () => {
    const old = await shareRowsOf(t, me.userId);
    const made = await shareRowsOf(t, fresh.userId);
    const oldTokens = new Set(old.links.map((l) => l.token));
    for (const link of made.links) {
      expect(oldTokens.has(link.token)).toBe(false);
      expect(isShareExpired(link.expiresAt)).toBe(true);
      expect((await t.client().get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(410);
    }
    const review = made.links.find((l) => l.kind === 'review')!;
    expect(review.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(review.passwordHash).not.toBe(SEEDED_SECRETS.passwordHash);
    expect(made.links.filter((l) => l.passwordHash !== null)).toHaveLength(1);
    const secrets = new Set<string>(Object.values(SEEDED_SECRETS));
    for (const c of made.comments) expect(c.guestId === null || !secrets.has(c.guestId)).toBe(true);
    for (const l of made.listens) expect(secrets.has(l.listenerId)).toBe(false);
    // Two guests on the thread: two ids, Sam's two comments under one.
    const guests = made.comments.filter((c) => c.guestId !== null);
    expect(new Set(guests.map((c) => c.guestId)).size).toBe(2);
    expect(new Set(guests.filter((c) => c.name === 'Sam').map((c) => c.guestId)).size).toBe(1);

    // The received track keeps its sender, with the new upload link and a new guest id.
    const [stems] = await t.db
      .select({ upload: shareUploads })
      .from(shareUploads)
      .innerJoin(tracks, eq(tracks.id, shareUploads.trackId))
      .where(eq(tracks.userId, fresh.userId));
    expect(stems!.upload).toMatchObject({
      guestName: 'Kim',
      linkLabel: 'label',
      shareId: made.links.find((l) => l.kind === 'upload')!.id,
    });
    expect(stems!.upload.guestId).not.toBe(SEEDED_SECRETS.guestKim);
  });

  it('the same archive again makes no link, comment or listen twice', async () => {
    const before = await shareRowsOf(t, fresh.userId);
    const again = await importAndWait(fresh, zip);
    expect(again).toMatchObject({ state: 'done', created: { tracks: 0 }, skipped: { tracks: 2 } });
    const after = await shareRowsOf(t, fresh.userId);
    expect(after.links.map((l) => l.id).sort()).toEqual(before.links.map((l) => l.id).sort());
    expect(after.comments).toHaveLength(before.comments.length);
    expect(after.listens).toHaveLength(before.listens.length);
  }, 120_000);

  it('items breaking the routes’ rules are left out and counted; the rest comes in', async () => {
    const entries = await unzipEntries(zip);
    const journal = await journalOf(zip);
    const review = journal.shareLinks!.find((l) => l.kind === 'review')!;
    review.guestComments[2]!.content = 'x'.repeat(2001);
    review.listens[0]!.heard = [[10, 5]];
    const listen = journal.shareLinks!.find((l) => l.kind === 'listen')!;
    listen.recipient = 'r'.repeat(81);
    const tampered = await makeZip([
      ...entries.filter((e) => e.name !== 'journal.json').map((e) => ({ name: e.name, data: e.data })),
      { name: 'journal.json', data: Buffer.from(JSON.stringify(journal)), compress: true },
    ]);
    const someone = await t.signedInClient();
    const done = await importAndWait(someone, tampered);
    expect(done.error).toBeNull();
    expect(done.refused).toEqual(
      expect.arrayContaining([
        { kind: 'share link', count: 1, reason: 'Recipient must be at most 80 characters' },
        { kind: 'guest comment', count: 1, reason: 'A comment must be at most 2000 characters' },
        // Its reply goes with it.
        { kind: 'guest comment', count: 1, reason: 'A reply whose comment was left out' },
        { kind: 'listen', count: 1, reason: 'A listen holds spans that are not within the track' },
      ]),
    );
    const rows = await shareRowsOf(t, someone.userId);
    expect(rows.links.map((l) => l.kind).sort()).toEqual(['review', 'upload']);
    expect(rows.comments).toHaveLength(2);
    expect(rows.listens).toHaveLength(1);
  }, 120_000);

  it('undoing an import (a failure, a retry) removes the links it brought back, upload links too', async () => {
    const someone = await t.signedInClient();
    const done = await importAndWait(someone, zip);
    const [row] = await t.db.select().from(imports).where(eq(imports.id, done.id));
    expect(row!.made.shareLinks).toHaveLength(3);
    await undoImport({ db: t.db, kickBlobDeletions: async () => {} }, row!);
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.userId, someone.userId))).toEqual([]);
    expect(await t.db.select().from(tracks).where(eq(tracks.userId, someone.userId))).toEqual([]);
  }, 120_000);
});

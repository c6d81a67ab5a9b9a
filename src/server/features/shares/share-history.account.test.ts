import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { type SeededHistory, seedShareHistory, shareRowsOf } from '../../../test/share-history';
import { rowsNamingUser } from '../../../test/user-references';
import { guestComments, shareLinks, shareListens, shareUploads, tracks } from '../../db/schema';
import { suspendPerson, unsuspendPerson } from '../admin/admin-people.service';
import { InstanceAdmins } from '../admin/instance-admins';
import { planExport } from '../exports/export-journal';

// Issue 45's data under the account rules (decision 0742): what deleting a track, revoking a link,
// deleting the account and a suspension do to links, guest comments, listens and received tracks.
// PGlite or PostgreSQL by TEST_DATABASE_URL.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

let people = 0;
async function seeded(): Promise<{ me: TestClient & { userId: string }; s: SeededHistory }> {
  people += 1;
  const me = await t.signedInClient({ username: `owner${people}` });
  return { me, s: await seedShareHistory(t, me) };
}

const uploadsOf = (trackIds: number[]) =>
  t.db.select().from(shareUploads).where(inArray(shareUploads.trackId, trackIds));

describe('share history and the account rules', () => {
  it('deleting a track takes its links, guest comments, listens and its received mark', async () => {
    const { me, s } = await seeded();
    expect((await me.request('DELETE', `/api/tracks/${s.mixId}`)).statusCode).toBe(200);
    const rows = await shareRowsOf(t, me.userId);
    // The review link opened Mix alone: gone with it. The playlist's link stays, without Mix's listens.
    expect(rows.links.map((l) => l.kind).sort()).toEqual(['listen', 'upload']);
    expect(await t.db.select().from(guestComments).where(eq(guestComments.trackId, s.mixId))).toEqual([]);
    expect(await t.db.select().from(shareListens).where(eq(shareListens.trackId, s.mixId))).toEqual([]);
    expect(rows.listens).toEqual([]);
    expect(await uploadsOf([s.stemsId])).toHaveLength(1);

    expect((await me.request('DELETE', `/api/tracks/${s.stemsId}`)).statusCode).toBe(200);
    // share_uploads is keyed by its track: the mark goes with the received track.
    expect(await uploadsOf([s.stemsId])).toEqual([]);
  });

  it('revoking an upload link keeps the received track and its "Received from"', async () => {
    const { me, s } = await seeded();
    expect((await me.request('DELETE', `/api/shares/${s.upload.id}`)).statusCode).toBe(204);
    const [mark] = await uploadsOf([s.stemsId]);
    expect(mark).toMatchObject({ shareId: null, guestName: 'Kim', linkLabel: 'label' });
    expect(await t.db.select().from(tracks).where(eq(tracks.id, s.stemsId))).toHaveLength(1);
    const { journal } = await planExport(t.db, me.userId);
    expect(journal.tracks.find((tr) => tr.id === s.stemsId)!.receivedFrom).toMatchObject({
      guestName: 'Kim',
      linkLabel: 'label',
      link: null,
    });
  });

  it('revoking a review link keeps its guest comments and listens, the link marked revoked (decision 0750)', async () => {
    const { me, s } = await seeded();
    const comments = await t.db.select().from(guestComments).where(eq(guestComments.shareId, s.review.id));
    const listens = await t.db.select().from(shareListens).where(eq(shareListens.shareId, s.review.id));
    expect(comments.length + listens.length).toBeGreaterThan(0);
    expect((await me.request('DELETE', `/api/shares/${s.review.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(guestComments).where(eq(guestComments.shareId, s.review.id))).toEqual(
      comments,
    );
    expect(await t.db.select().from(shareListens).where(eq(shareListens.shareId, s.review.id))).toEqual(
      listens,
    );
    const [link] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, s.review.id));
    expect(link!.revokedAt).toBeInstanceOf(Date);
  });

  it('deleting the account removes links, guest comments, listens and received tracks, everywhere', async () => {
    const { me, s } = await seeded();
    const linkIds = [s.review.id, s.listen.id, s.upload.id];
    const del = await me.request('DELETE', '/api/user', { body: { confirm: `owner${people}` } });
    expect(del.statusCode, del.body).toBe(204);
    expect(await t.db.select().from(shareLinks).where(inArray(shareLinks.id, linkIds))).toEqual([]);
    expect(await t.db.select().from(guestComments).where(inArray(guestComments.shareId, linkIds))).toEqual(
      [],
    );
    expect(await t.db.select().from(shareListens).where(inArray(shareListens.shareId, linkIds))).toEqual([]);
    expect(await uploadsOf([s.mixId, s.stemsId])).toEqual([]);
    expect(await rowsNamingUser(t.db, me.userId)).toEqual({});
  });

  it('a suspended owner’s links open nothing; restored, the export keeps everything', async () => {
    const { me, s } = await seeded();
    const admins = new InstanceAdmins([]);
    const guest = t.client();
    expect((await guest.get(`/api/shares/by-token/${s.listen.token}`)).statusCode).toBe(200);
    const before = (await planExport(t.db, me.userId)).journal;
    await suspendPerson(t.db, admins, me.userId, 'admin-actor', 'Spam reports');
    expect((await guest.get(`/api/shares/by-token/${s.listen.token}`)).statusCode).toBe(404);
    await unsuspendPerson(t.db, admins, me.userId);
    const after = (await planExport(t.db, me.userId)).journal;
    expect(after.shareLinks).toEqual(before.shareLinks);
    expect(after.shareLinks).toHaveLength(3);
    expect(after.tracks.map((tr) => tr.receivedFrom ?? null)).toEqual(
      before.tracks.map((tr) => tr.receivedFrom ?? null),
    );
    expect((await guest.get(`/api/shares/by-token/${s.listen.token}`)).statusCode).toBe(200);
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { makeWav } from '../../../test/media-fixtures';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { rowsNamingUser, userColumns } from '../../../test/user-references';
import {
  collectiveMembers,
  collectivePlaylistComments,
  collectives,
  equipmentComments,
  equipmentTags,
  libraryStars,
  notifications,
  nowPlaying,
  playlists,
  securityEvents,
  trackComments,
  trackLikes,
  trackPlays,
  tracks,
  trackVersions,
  users,
} from '../../db/schema';
import { imageKeysOf } from '../../media/image-variants';
import { S3BlobStore } from '../../storage/s3-store';

// Leaving (issue 27, decision 0420) end to end on STORAGE=s3 (s3rver), on PGlite or PostgreSQL.
let s3: S3Server;
let store: S3BlobStore;
let t: TestApp;
let png: Buffer;
const wav = makeWav(1);

async function bucketKeys(): Promise<string[]> {
  const listed = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

/** A person whose id the database made, as for anyone signing in (decision 0200). */
async function newPerson(username: string) {
  const [row] = await t.db.insert(users).values({ username, firstName: username }).returning();
  return t.signedInAs(row!.id);
}

const expectOk = (res: { statusCode: number; body: string }, status = 200) =>
  expect(res.statusCode, res.body).toBe(status);

async function uploadTrack(client: TestClient, name: string): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: wav },
  );
  expectOk(res, 201);
  return res.json().id;
}

const image = (client: TestClient, url: string, field: string) =>
  client.upload(url, {}, { field, name: 'p.png', type: 'image/png', data: png });

async function newCollective(owner: TestClient, name: string): Promise<number> {
  const res = await owner.post('/api/collectives', { name });
  expectOk(res, 201);
  return res.json().id;
}

/** Members joined in the order given, a day apart, so "longest-standing" is unambiguous. */
async function addMembers(collectiveId: number, members: { userId: string; role: 'admin' | 'member' }[]) {
  const start = Date.now() - 100 * 86_400_000;
  for (const [i, m] of members.entries()) {
    await t.db
      .insert(collectiveMembers)
      .values({ collectiveId, userId: m.userId, role: m.role, joinedAt: new Date(start + i * 86_400_000) });
  }
}

async function roleOf(collectiveId: number, userId: string) {
  const [row] = await t.db
    .select({ role: collectiveMembers.role })
    .from(collectiveMembers)
    .where(and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, userId)));
  return row?.role;
}

async function ownerOf(collectiveId: number) {
  const [row] = await t.db
    .select({ ownerId: collectives.ownerId })
    .from(collectives)
    .where(eq(collectives.id, collectiveId));
  return row?.ownerId;
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'journal-leave' });
  store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
  t = await buildTestApp({ store, config: { storage: 's3', maxUploadBytes: 400_000 } });
  png = await sharp({ create: { width: 48, height: 48, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
}, 30_000);
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

describe('DELETE /api/user on S3', () => {
  it('leaves no object under its keys, no row naming it, and hands its collectives to the right people', async () => {
    const leaver = await newPerson('Leaver');
    const oldMember = await newPerson('oldmember');
    const firstAdmin = await newPerson('firstadmin');
    const laterAdmin = await newPerson('lateradmin');
    const other = await newPerson('other');
    const L = leaver.userId;

    // Tracks, a second version, and what processing would have stored beside them.
    const trackId = await uploadTrack(leaver, 'Take');
    await uploadTrack(leaver, 'Second take');
    expectOk(
      await leaver.upload(
        `/api/tracks/${trackId}/versions`,
        { note: 'louder' },
        { field: 'file', name: 'take2.wav', type: 'audio/wav', data: wav },
      ),
      201,
    );
    const scratch = path.join(t.dataDir, 'derived.bin');
    writeFileSync(scratch, 'derived');
    for (const key of [`tracks/r-${trackId}`, `tracks/p-${trackId}`, `tracks/og-${trackId}-x-y.png`]) {
      await store.putFile(key, scratch);
      writeFileSync(scratch, 'derived');
    }
    await t.db
      .update(tracks)
      .set({
        renditionKey: `tracks/r-${trackId}`,
        peaksKey: `tracks/p-${trackId}`,
        ogImageKey: `tracks/og-${trackId}-x-y.png`,
      })
      .where(eq(tracks.id, trackId));

    // Images: avatar, a playlist cover; a playlist with a share link; an API key.
    expectOk(await image(leaver, '/api/user/avatar', 'avatar'));
    const playlist = await leaver.post('/api/playlists', { name: 'Set' });
    expectOk(playlist, 201);
    const playlistId: number = playlist.json().id;
    expectOk(await leaver.post(`/api/playlists/${playlistId}/tracks`, { trackId }), 201);
    expectOk(await image(leaver, `/api/playlists/${playlistId}/image`, 'image'));
    expectOk(await leaver.post('/api/shares', { trackId }), 201);
    expectOk(await leaver.post('/api/shares', { playlistId }), 201);
    expectOk(await leaver.post('/api/user/api-keys', { name: 'Phone' }), 201);

    // Collectives it owns: one with admins (the first admin inherits, though a member joined
    // earlier), one with members only (the earliest member inherits), one alone (deleted).
    const withAdmins = await newCollective(leaver, 'With admins');
    await addMembers(withAdmins, [
      { userId: oldMember.userId, role: 'member' },
      { userId: firstAdmin.userId, role: 'admin' },
      { userId: laterAdmin.userId, role: 'admin' },
    ]);
    expectOk(await image(leaver, `/api/collectives/${withAdmins}/avatar`, 'avatar'));
    const membersOnly = await newCollective(leaver, 'Members only');
    await addMembers(membersOnly, [
      { userId: oldMember.userId, role: 'member' },
      { userId: other.userId, role: 'member' },
    ]);
    const alone = await newCollective(leaver, 'Alone');
    expectOk(await image(leaver, `/api/collectives/${alone}/avatar`, 'avatar'));
    expectOk(await leaver.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [alone] }));
    // Someone else's collective it belongs to, with someone else's playlist and track.
    const othersCollective = await newCollective(other, 'Others');
    await addMembers(othersCollective, [{ userId: L, role: 'member' }]);
    const othersTrack = await uploadTrack(other, 'Their take');
    const [othersPlaylist] = await t.db
      .insert(playlists)
      .values({ userId: other.userId, name: 'Theirs' })
      .returning();

    // Comments, likes, plays, notifications, stars, security events.
    const [comment] = await t.db
      .insert(trackComments)
      .values({
        collectiveId: othersCollective,
        trackId: othersTrack,
        userId: L,
        content: 'Nice',
        atSeconds: 1,
      })
      .returning();
    const [reply] = await t.db
      .insert(trackComments)
      .values({
        collectiveId: othersCollective,
        trackId: othersTrack,
        userId: other.userId,
        parentId: comment!.id,
        content: 'Thanks',
        atSeconds: 1,
      })
      .returning();
    await t.db.insert(collectivePlaylistComments).values({
      collectiveId: othersCollective,
      playlistId: othersPlaylist!.id,
      userId: L,
      content: 'Great set',
    });
    const [tag] = await t.db.insert(equipmentTags).values({ name: 'Juno-60' }).returning();
    await t.db.insert(equipmentComments).values({ equipmentId: tag!.id, userId: L, content: 'Love it' });
    await t.db.insert(trackLikes).values({ userId: L, trackId: othersTrack });
    await t.db.insert(libraryStars).values({ userId: L, kind: 'artist', itemId: `ar-${other.userId}` });
    await t.db.insert(trackPlays).values({ userId: L, trackId: othersTrack, client: 'web' });
    await t.db.insert(nowPlaying).values({ userId: L, trackId: othersTrack, client: 'web' });
    await t.db.insert(notifications).values([
      {
        userId: other.userId,
        kind: 'comment',
        actorId: L,
        collectiveId: othersCollective,
        trackId: othersTrack,
      },
      {
        userId: L,
        kind: 'reply',
        actorId: other.userId,
        collectiveId: othersCollective,
        trackId: othersTrack,
      },
    ]);
    await t.db.insert(securityEvents).values({ userId: L, kind: 'sign_in' });

    // Its keys, and everything in the bucket that is not its own.
    const own = await t.db.select().from(tracks).where(eq(tracks.userId, L));
    const [me] = await t.db.select().from(users).where(eq(users.id, L));
    const [cover] = await t.db.select().from(playlists).where(eq(playlists.id, playlistId));
    const [aloneRow] = await t.db.select().from(collectives).where(eq(collectives.id, alone));
    const [keptRow] = await t.db.select().from(collectives).where(eq(collectives.id, withAdmins));
    // Version 1's original, kept when version 2 replaced it (decision 0430).
    const keptOriginals = await t.db
      .select({ key: trackVersions.storageKey })
      .from(trackVersions)
      .where(eq(trackVersions.trackId, trackId));
    const itsKeys = [
      ...own.flatMap((r) => [r.filepath, r.renditionKey, r.peaksKey, r.ogImageKey]),
      ...keptOriginals.map((v) => v.key),
      ...imageKeysOf(me!.avatarKey),
      ...imageKeysOf(cover!.imageKey),
      ...imageKeysOf(aloneRow!.imageKey),
    ].filter((k): k is string => Boolean(k));
    expect(itsKeys.length).toBe(2 * 4 - 3 + 1 + 3 * imageKeysOf(me!.avatarKey).length);
    const before = await bucketKeys();
    for (const key of itsKeys) expect(before).toContain(key);
    const othersKeys = before.filter((k) => !itsKeys.includes(k));
    expect(othersKeys).toEqual(expect.arrayContaining(imageKeysOf(keptRow!.imageKey)));
    expect(Object.keys(await rowsNamingUser(t.db, L)).length).toBeGreaterThan(15);

    // A second instance on the same database, caching who is signed in (decision 0066), where the
    // person is signed in too, with a live event stream open.
    const second = await buildTestApp({
      sharedDatabase: t.database,
      store,
      config: { storage: 's3', accessCacheSeconds: 60 },
    });
    try {
      const elsewhere = await second.signedInAs(L);
      expectOk(await elsewhere.get('/api/auth/user'));
      const stream = await openEventStream(second.app, { cookie: elsewhere.cookieHeader() });
      await stream.next('ready');

      const res = await leaver.request('DELETE', '/api/user', { body: { confirm: 'LEAVER' } });
      expect(res.statusCode, res.body).toBe(204);
      expect(leaver.cookies.size).toBe(0);
      expect((await leaver.get('/api/auth/user')).statusCode).toBe(401);
      expect(await stream.next('streamClosed')).toEqual({ reason: 'sessionEnded' });
      await stream.untilEnded();
      expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
      expect((await elsewhere.get('/api/tracks')).statusCode).toBe(401);
    } finally {
      await second.close();
    }

    await waitForBlobDeletions(t.db);
    const after = await bucketKeys();
    expect(after.filter((k) => itsKeys.includes(k))).toEqual([]);
    expect(after).toEqual(othersKeys);
    // Every column that can name a person, found in the catalog now: none names it.
    expect(await rowsNamingUser(t.db, L)).toEqual({});

    expect(await ownerOf(withAdmins)).toBe(firstAdmin.userId);
    expect(await roleOf(withAdmins, firstAdmin.userId)).toBe('owner');
    expect(await roleOf(withAdmins, laterAdmin.userId)).toBe('admin');
    expect(await roleOf(withAdmins, oldMember.userId)).toBe('member');
    expect(await ownerOf(membersOnly)).toBe(oldMember.userId);
    expect(await roleOf(membersOnly, oldMember.userId)).toBe('owner');
    expect(await ownerOf(alone)).toBeUndefined();
    // The new owner sees the collective as theirs.
    expectOk(await firstAdmin.get(`/api/collectives/${withAdmins}`));
    // Someone else's reply to its comment stays, as a comment of its own at the same moment.
    const [kept] = await t.db.select().from(trackComments).where(eq(trackComments.id, reply!.id));
    expect(kept).toMatchObject({ parentId: null, atSeconds: 1, content: 'Thanks' });
    // Others' things stay.
    const [theirTrack] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tracks)
      .where(eq(tracks.userId, other.userId));
    expect(theirTrack!.n).toBe(1);
  }, 60_000);

  it('walks columns it was never told about', async () => {
    await t.db.execute(sql`create table later_feature (id serial primary key, owner text, note jsonb)`);
    try {
      const columns = (await userColumns(t.db)).filter((c) => c.table === 'later_feature');
      expect(columns.map((c) => c.column).sort()).toEqual(['note', 'owner']);
      await t.db.execute(
        sql`insert into later_feature (owner, note) values ('u_someone', '{"by":"u_someone"}')`,
      );
      expect(await rowsNamingUser(t.db, 'u_someone')).toEqual({
        'public.later_feature.owner': 1,
        'public.later_feature.note': 1,
      });
    } finally {
      await t.db.execute(sql`drop table later_feature`);
    }
  });
});

import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserExport } from '../../../shared/schemas/exports';
import { journalExportSchema } from '../../../shared/schemas/journal-export';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportAndWait } from '../../../test/exports';
import { makeWav } from '../../../test/media-fixtures';
import { unzipEntries } from '../../../test/unzip';
import {
  collectiveMembers,
  collectives,
  equipmentTags,
  exports,
  playlists,
  playlistTracks,
  trackComments,
  trackEquipmentTags,
  trackPlays,
  tracks,
} from '../../db/schema';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { csvField } from './export-archive';
import { runExport } from './exports.queue';
import { createExport, failExport, removeExpiredExports } from './exports.service';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let t: TestApp;
let me: TestClient & { userId: string };
let other: TestClient & { userId: string };
const first = makeWav(1);
const second = makeWav(2);
const replaced = makeWav(3);
let takeId: number;
let otherTrackId: number;

async function upload(client: TestClient, name: string, file: string, data: Buffer) {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: file, type: 'audio/wav', data },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'ada', bio: 'Synths, mostly', isPublic: true });
  other = await t.signedInClient({ username: 'bo' });
  takeId = await upload(me, 'Take, "one"', 'take.wav', first);
  const v2 = await me.upload(
    `/api/tracks/${takeId}/versions`,
    { note: 'Louder' },
    { field: 'file', name: 'take-v2.wav', type: 'audio/wav', data: replaced },
  );
  expect(v2.statusCode, v2.body).toBe(201);
  const jamId = await upload(me, '../../etc/passwd', 'jam.wav', second);
  // A track whose first file its owner removed to free room (decision 0430): listed, no file.
  const riffId = await upload(me, 'Riff', 'riff.wav', makeWav(0.5));
  const riff2 = await me.upload(
    `/api/tracks/${riffId}/versions`,
    {},
    { field: 'file', name: 'riff-2.wav', type: 'audio/wav', data: makeWav(0.75) },
  );
  expect(riff2.statusCode, riff2.body).toBe(201);
  expect((await me.request('DELETE', `/api/tracks/${riffId}/versions/1/original`)).statusCode).toBe(204);
  otherTrackId = await upload(other, 'Their song', 'song.wav', first);
  await other.patch(`/api/tracks/${otherTrackId}`, { visibility: 'public' });

  const [tag] = await t.db.insert(equipmentTags).values({ name: 'Juno-60', category: 'synth' }).returning();
  await t.db.insert(trackEquipmentTags).values({ trackId: takeId, equipmentTagId: tag!.id });
  const [list] = await t.db.insert(playlists).values({ userId: me.userId, name: 'Set' }).returning();
  await t.db.insert(playlistTracks).values([
    { playlistId: list!.id, trackId: jamId, position: 0 },
    { playlistId: list!.id, trackId: takeId, position: 1 },
  ]);
  const [crew] = await t.db.insert(collectives).values({ ownerId: other.userId, name: 'Crew' }).returning();
  await t.db.insert(collectiveMembers).values([
    { collectiveId: crew!.id, userId: other.userId, role: 'owner' },
    { collectiveId: crew!.id, userId: me.userId, role: 'admin' },
  ]);
  await t.db.insert(trackComments).values({
    collectiveId: crew!.id,
    trackId: otherTrackId,
    userId: me.userId,
    content: 'Nice, at 0:01',
    atSeconds: 1,
  });
  expect((await me.put(`/api/tracks/${otherTrackId}/like`)).statusCode).toBe(200);
  await t.db.insert(trackPlays).values({ userId: me.userId, trackId: takeId, client: 'web' });
  // Where the first take stood (issue 44): the owner's word travels with the version.
  expect((await me.put(`/api/tracks/${takeId}/versions/1/status`, { status: 'in_review' })).statusCode).toBe(
    200,
  );
}, 60_000);
afterAll(() => t?.close());

describe('Download my data', () => {
  let exportId: string;
  let entries: Awaited<ReturnType<typeof unzipEntries>>;

  it('POST answers 202, a job makes the zip, the person is notified, GET downloads it', async () => {
    const ready = await exportAndWait(me);
    expect(ready.state).toBe('ready');
    exportId = ready.id;
    expect(ready.downloadUrl).toBe(`/api/user/export/${exportId}`);
    const days = (Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)) / 86_400_000;
    expect(days).toBe(7);

    const inbox = (await me.get('/api/notifications')).json<{ items: { kind: string; url: string }[] }>();
    expect(inbox.items[0]).toMatchObject({ kind: 'export_ready', url: `/api/user/export/${exportId}` });

    const res = await me.get(`/api/user/export/${exportId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`filename="journal-export-${day}.zip"`);
    expect(Number(res.headers['content-length'])).toBe(ready.size);
    entries = await unzipEntries(res.rawPayload);

    const ranged = await me.get(`/api/user/export/${exportId}`, { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.toString('latin1')).toBe('PK\x03\x04');

    const events = (await me.get('/api/user/security-events')).json<{ kind: string }[]>().map((e) => e.kind);
    expect(events).toContain('export_requested');
    expect(events).toContain('export_downloaded');
  });

  it('holds README, journal.json valid against the shared schema, the originals byte for byte, tracks.csv', () => {
    const byName = new Map(entries.map((e) => [e.name, e]));
    const names = entries.map((e) => e.name);
    for (const name of names) {
      expect(name.startsWith('/')).toBe(false);
      expect(name.split('/')).not.toContain('..');
    }
    expect(byName.get('README.txt')!.data.toString()).toContain('Format version: 1');
    const journal = journalExportSchema.parse(JSON.parse(byName.get('journal.json')!.data.toString()));
    expect(journal.profile).toMatchObject({ username: 'ada', bio: 'Synths, mostly', isPublic: true });

    const take = journal.tracks.find((tr) => tr.id === takeId)!;
    expect(take.title).toBe('Take, "one"');
    expect(take.equipment).toEqual([{ name: 'Juno-60', category: 'synth' }]);
    expect(take.versions.map((v) => [v.version, v.note, v.file !== null])).toEqual([
      [1, null, true],
      [2, 'Louder', true],
    ]);
    expect(take.versions.map((v) => v.statuses)).toEqual([
      [{ collective: null, status: 'in_review', setBy: 'ada', setAt: expect.any(String) }],
      [],
    ]);
    // The first upload, kept when version 2 replaced it (decision 0430): in its own folder, byte
    // for byte, with its name and the hash of the bytes in the zip.
    const v1 = take.versions[0]!;
    expect(v1).toMatchObject({ originalFilename: 'take.wav', size: first.length });
    expect(v1.file).toBe(`tracks/${takeId}/v1/take.wav`);
    const v1File = byName.get(v1.file!)!;
    expect(v1File.compressionMethod).toBe(0);
    expect(v1File.data.equals(first)).toBe(true);
    expect(v1.sha256).toBe(sha(first));
    // A version whose file was removed is listed without one.
    const riff = journal.tracks.find((tr) => tr.title === 'Riff')!;
    expect(riff.versions.map((v) => [v.version, v.originalFilename, v.file, v.sha256 !== null])).toEqual([
      [1, 'riff.wav', null, false],
      [2, 'riff-2.wav', `tracks/${riff.id}/riff-2.wav`, true],
    ]);
    expect(names.filter((n) => n.startsWith(`tracks/${riff.id}/`))).toEqual([`tracks/${riff.id}/riff-2.wav`]);
    const current = take.versions.at(-1)!;
    const file = byName.get(current.file!)!;
    expect(file.compressionMethod).toBe(0);
    expect(file.data.equals(replaced)).toBe(true);
    expect(current.sha256).toBe(sha(replaced));

    const jam = journal.tracks.find((tr) => tr.title === '../../etc/passwd')!;
    const jamFile = jam.versions.at(-1)!;
    expect(jamFile.file).toMatch(/^tracks\/\d+\/[^/]+\.wav$/);
    expect(byName.get(jamFile.file!)!.data.equals(second)).toBe(true);

    expect(journal.playlists).toEqual([
      expect.objectContaining({ name: 'Set', trackIds: [jam.id, takeId], cover: null }),
    ]);
    expect(journal.collectives).toEqual([expect.objectContaining({ name: 'Crew', role: 'admin' })]);
    expect(journal.comments).toEqual([
      expect.objectContaining({ collective: 'Crew', trackId: null, trackTitle: 'Their song', atSeconds: 1 }),
    ]);
    expect(journal.likes).toEqual([
      expect.objectContaining({ trackId: null, title: 'Their song', owner: 'bo' }),
    ]);
    expect(journal.plays).toEqual([expect.objectContaining({ trackId: takeId, client: 'web' })]);
    // Only the person's own data.
    expect(journal.tracks.map((tr) => tr.id)).not.toContain(otherTrackId);

    const csv = byName.get('tracks.csv')!;
    expect(csv.compressionMethod).toBe(8);
    const lines = csv.data.toString().trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,title,visibility,/);
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(`${takeId},`))).toContain(`${takeId},"Take, ""one""",private,`);
  });

  it("someone else's export is 404, as an unknown one; signed out is 401", async () => {
    expect((await other.get(`/api/user/export/${exportId}`)).statusCode).toBe(404);
    expect((await other.get('/api/user/exports')).json()).toEqual([]);
    expect((await me.get('/api/user/export/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await me.get('/api/user/export/nope')).statusCode).toBe(400);
    expect((await t.client().get(`/api/user/export/${exportId}`)).statusCode).toBe(401);
  });

  it('one at a time: a second request while one is prepared is 409', async () => {
    const [busy] = await t.db.insert(exports).values({ userId: other.userId, state: 'running' }).returning();
    const res = await other.post('/api/user/export');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already being prepared/);
    await t.db.delete(exports).where(eq(exports.id, busy!.id));
  });

  it('needs the CSRF token', async () => {
    const res = await other.request('POST', '/api/user/export', { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(exports).where(eq(exports.userId, other.userId))).toEqual([]);
  });

  it('a new export replaces the older archive; after 7 days it is removed, its blob through the outbox', async () => {
    const [old] = await t.db.select().from(exports).where(eq(exports.id, exportId));
    const again = await exportAndWait(me);
    expect(again.state).toBe('ready');
    expect(await t.db.select().from(exports).where(eq(exports.id, exportId))).toEqual([]);
    await t.app.kickBlobDeletions();
    await waitForBlobDeletions(t.db);
    expect(await storeHas(old!.blobKey!)).toBe(false);

    const [row] = await t.db.select().from(exports).where(eq(exports.id, again.id));
    expect(await storeHas(row!.blobKey!)).toBe(true);
    expect(await removeExpiredExports(t.db, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await removeExpiredExports(t.db, new Date(Date.now() + 7 * 86_400_000 + 1000))).toBe(1);
    await t.app.kickBlobDeletions();
    await waitForBlobDeletions(t.db);
    expect(await storeHas(row!.blobKey!)).toBe(false);
    expect((await me.get(`/api/user/export/${again.id}`)).statusCode).toBe(404);
    // The inbox entry went with it.
    const inbox = (await me.get('/api/notifications')).json<{ items: { kind: string }[] }>();
    expect(inbox.items.filter((n) => n.kind === 'export_ready')).toEqual([]);
  });
});

describe('an export that cannot be made', () => {
  it('throws (to be retried), leaves no temporary file, and once given up is failed and may be asked again', async () => {
    const lost = await t.signedInClient({ username: 'lost' });
    await t.db.insert(tracks).values({
      userId: lost.userId,
      name: 'Gone',
      filename: 'gone.wav',
      filepath: 'tracks/never-stored.wav',
      mimeType: 'audio/wav',
      size: 10,
    });
    const row = await createExport(t.db, lost.userId);
    const tempDir = path.join(t.dataDir, 'tmp');
    const deps = { db: t.db, store: localStore(), tempDir, log: t.app.log };
    await expect(runExport(deps, row.id)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(tempDir).filter((f) => f.includes(row.id))).toEqual([]);
    expect((await lost.post('/api/user/export')).statusCode).toBe(409);

    await failExport(t.db, row.id);
    const [failed] = (await lost.get('/api/user/exports')).json<UserExport[]>();
    expect(failed).toMatchObject({ id: row.id, state: 'failed', downloadUrl: null });
    expect(failed!.error).toMatch(/try again/);
    expect((await lost.get(`/api/user/export/${row.id}`)).statusCode).toBe(404);
    const retry = await lost.post('/api/user/export');
    expect(retry.statusCode).toBe(202);
    await t.db.delete(exports).where(eq(exports.userId, lost.userId));
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks only', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(1.5)).toBe('1.5');
  });
});

/** The app's own store (STORAGE=local under DATA_DIR). */
const localStore = () => new LocalDiskStore(path.join(t.dataDir, 'files'));
const storeHas = async (key: string) => (await localStore().stat(key)) !== undefined;

import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  equipmentTags,
  playlists,
  playlistTracks,
  trackEquipmentTags,
  tracks,
  trackVersions,
} from '../server/db/schema';
import { planExport } from '../server/features/exports/export-journal';
import { imageKeysOf } from '../server/media/image-variants';
import type { BlobStore } from '../server/storage/blob-store';
import type { JournalExport } from '../shared/schemas/journal-export';
import type { Track } from '../shared/schemas/tracks';
import type { TestApp, TestClient } from './build-test-app';
import { exportAndWait } from './exports';
import { makeWav } from './media-fixtures';

type Client = TestClient & { userId: string };

async function ok<T>(what: string, response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const res = await response;
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

const upload = (client: Client, name: string, data: Buffer, fields: Record<string, string> = {}) =>
  ok<Track>(
    name,
    client.upload(
      '/api/tracks',
      { name, ...fields },
      { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data },
    ),
  );

const newVersion = (client: Client, id: number, note: string, data: Buffer) =>
  ok<Track>(
    note,
    client.upload(
      `/api/tracks/${id}/versions`,
      { note },
      { field: 'file', name: `v-${note}.wav`, type: 'audio/wav', data },
    ),
  );

/**
 * An account with what an import must bring back: a track with three versions (notes on each),
 * a recording date and equipment; a public track with notes shared to equipment pages; a playlist
 * with both in a chosen order, a description, public, with a cover; an empty private playlist.
 */
export async function seedAccount(t: TestApp, me: Client) {
  const take = await upload(me, 'Take', makeWav(1), { fileCreatedAt: '2025-05-01T10:00:00.000Z' });
  await newVersion(me, take.id, 'Louder', makeWav(1.2));
  await newVersion(me, take.id, 'Final mix', makeWav(1.4));
  const jam = await upload(me, 'Jam', makeWav(2));
  await ok(
    'patch',
    me.patch(`/api/tracks/${jam.id}`, {
      notes: 'Jam notes',
      visibility: 'public',
      shareToEquipmentPages: true,
      // The owner's tempo and key travel and come back (issue 47, decision 0824).
      bpm: 92.5,
      musicalKey: 'Em',
    }),
  );
  // Dates in the past, so keeping the exported ones is seen.
  await t.db
    .update(tracks)
    .set({ createdAt: new Date('2025-06-01T12:00:00.000Z') })
    .where(eq(tracks.id, jam.id));
  const gear = await t.db
    .insert(equipmentTags)
    .values([
      { name: `Juno-60 ${me.userId}`, category: 'Hardware Synth' },
      { name: `SM57 ${me.userId}`, category: 'Microphone' },
    ])
    .returning();
  await t.db.insert(trackEquipmentTags).values([
    { trackId: take.id, equipmentTagId: gear[0]!.id },
    { trackId: take.id, equipmentTagId: gear[1]!.id },
    { trackId: jam.id, equipmentTagId: gear[1]!.id },
  ]);
  const set = await ok<{ id: number }>(
    'playlist',
    me.post('/api/playlists', { name: 'Set', description: 'Live set' }),
  );
  await t.db.update(playlists).set({ isPublic: true }).where(eq(playlists.id, set.id));
  await t.db.insert(playlistTracks).values([
    { playlistId: set.id, trackId: jam.id, position: 0 },
    { playlistId: set.id, trackId: take.id, position: 1 },
  ]);
  const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  await ok(
    'cover',
    me.upload(
      `/api/playlists/${set.id}/image`,
      {},
      { field: 'image', name: 'c.png', type: 'image/png', data: cover },
    ),
  );
  await ok('empty playlist', me.post('/api/playlists', { name: 'Empty list' }));
}

/** The account's export, downloaded. */
export async function exportZip(me: Client): Promise<Buffer> {
  const ready = await exportAndWait(me, 60_000);
  expect(ready.state).toBe('ready');
  const res = await me.get(ready.downloadUrl!);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Waits until every track of the person is processed (the import's tracks go through it again). */
export async function waitForProcessing(me: Client, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await me.get('/api/tracks')).json<Track[]>();
    if (list.length > 0 && list.every((tr) => tr.processing.state === 'ready')) return list;
    if (list.some((tr) => tr.processing.state === 'failed')) throw new Error('A track failed processing');
    if (Date.now() > deadline) throw new Error('Tracks still processing');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** journal.json's content with ids, paths and the processing's `updatedAt` aside; tracks by title. */
function comparable(journal: JournalExport) {
  const title = new Map(journal.tracks.map((tr) => [tr.id, tr.title]));
  return {
    tracks: journal.tracks
      .map(({ id: _id, updatedAt: _u, versions, ...rest }) => ({
        ...rest,
        versions: versions.map(({ file, ...v }) => ({ ...v, hasFile: file !== null })),
      }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    playlists: journal.playlists.map(({ cover, trackIds, ...p }) => ({
      ...p,
      hasCover: cover !== null,
      tracks: trackIds.map((id) => title.get(id)),
    })),
  };
}

async function sha256Of(store: BlobStore, key: string) {
  const hash = createHash('sha256');
  for await (const chunk of await store.createReadStream(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Each track's stored originals, hashed from the store, by title: the current file, then every
 * earlier version's kept file by version number (decision 0430).
 */
export async function storedOriginals(t: TestApp, store: BlobStore, userId: string) {
  const rows = await t.db.select().from(tracks).where(eq(tracks.userId, userId));
  const out: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    const files: Record<string, string> = { current: await sha256Of(store, row.filepath) };
    const kept = await t.db
      .select()
      .from(trackVersions)
      .where(and(eq(trackVersions.trackId, row.id), isNotNull(trackVersions.storageKey)));
    for (const v of kept) files[`v${v.version}`] = await sha256Of(store, v.storageKey!);
    out[row.name] = files;
  }
  return out;
}

/** Equal metadata field by field (ids aside) and byte-identical originals; covers stored. */
export async function expectSameJournal(t: TestApp, store: BlobStore, from: Client, to: Client) {
  const before = await planExport(t.db, from.userId);
  const after = await planExport(t.db, to.userId);
  expect(comparable(after.journal)).toEqual(comparable(before.journal));
  expect(after.journal.tracks).toHaveLength(2);
  const jam = after.journal.tracks.find((tr) => tr.title === 'Jam');
  expect(jam?.tempoAndKey).toMatchObject({ ownerBpm: 92.5, ownerKey: 'E minor' });
  const originals = await storedOriginals(t, store, from.userId);
  // The seeded Take keeps versions 1 and 2 beside its current file: all three come back.
  expect(Object.keys(originals.Take ?? {}).sort()).toEqual(['current', 'v1', 'v2']);
  expect(await storedOriginals(t, store, to.userId)).toEqual(originals);
  const lists = await t.db.select().from(playlists).where(eq(playlists.userId, to.userId));
  const covered = lists.find((p) => p.name === 'Set')!;
  for (const key of imageKeysOf(covered.imageKey)) expect(await store.stat(key), key).toBeDefined();
  expect(imageKeysOf(covered.imageKey)).toHaveLength(2);
}

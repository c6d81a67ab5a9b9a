import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { awkwardEquipment, awkwardTrackValues } from '../../../test/awkward-rows';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';
import { listOwnTracks } from './tracks.service';

/**
 * PATCH /api/tracks/{id} as one prepared statement that writes its own reply (decision 0927): the
 * bytes are those the ORM path wrote, every set of fields sets those columns alone, and the edit
 * is one statement on tracks.
 */

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
  await t.db.delete(equipmentTags);
});

const at = (iso: string) => new Date(iso);

async function awkwardTrack() {
  const [synth, pedal] = await t.db.insert(equipmentTags).values(awkwardEquipment).returning();
  const [row] = await t.db
    .insert(tracks)
    .values({
      userId: alice.userId,
      filename: 'a.wav',
      filepath: 'tracks/a',
      mimeType: 'audio/wav',
      ...awkwardTrackValues,
    })
    .returning();
  await t.db.insert(trackEquipmentTags).values([
    { trackId: row!.id, equipmentTagId: pedal!.id, createdAt: at('2024-01-02T00:00:00Z') },
    { trackId: row!.id, equipmentTagId: synth!.id, createdAt: at('2024-01-01T00:00:00Z') },
  ]);
  return row!;
}

/** The ORM path's bytes for the track now: JSON.stringify(toTrackDto(row, equipment)). */
async function ormBytes(id: number) {
  const track = (await listOwnTracks(t.db, alice.userId, 'dateUploaded')).find((each) => each.id === id);
  return JSON.stringify(track);
}

describe('PATCH /api/tracks/{id}', () => {
  it('answers the bytes the ORM path writes, awkward values and equipment included', async () => {
    const row = await awkwardTrack();
    const res = await alice.patch(`/api/tracks/${row.id}`, {
      notes: 'Tab\there, “quotes” and 🎛️',
      bpm: 59.95,
      musicalKey: 'c# major',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(await ormBytes(row.id));
    const track = res.json<Track>();
    expect(track.equipment.map((tag) => tag.name)).toEqual(['Juno "60"', 'Pedal \\ back']);
    expect(track.notes).toBe('Tab\there, “quotes” and 🎛️');
    expect(new Date(track.updatedAt).getTime()).toBeGreaterThan(row.updatedAt.getTime());
  });

  it('sets exactly the fields sent, for every set of fields, and leaves the others', async () => {
    const row = await awkwardTrack();
    const names = ['name', 'notes', 'shareToEquipmentPages', 'visibility', 'bpm', 'musicalKey'] as const;
    for (let mask = 1; mask < 1 << names.length; mask++) {
      const [before] = await t.db.select().from(tracks).where(eq(tracks.id, row.id));
      const odd = mask % 2 === 1;
      const values = {
        name: `Take ${mask}`,
        notes: odd ? null : `Notes ${mask}`,
        shareToEquipmentPages: !before!.shareToEquipmentPages,
        visibility: before!.visibility === 'public' ? 'private' : 'public',
        bpm: odd ? 100 + mask / 10 : null,
        musicalKey: odd ? 'F# minor' : null,
      } as const;
      const body = Object.fromEntries(names.filter((_, i) => mask & (1 << i)).map((n) => [n, values[n]]));
      const res = await alice.patch(`/api/tracks/${row.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      const [after] = await t.db.select().from(tracks).where(eq(tracks.id, row.id));
      const expected = {
        name: 'name' in body ? values.name : before!.name,
        notes: 'notes' in body ? values.notes : before!.notes,
        shareToEquipmentPages:
          'shareToEquipmentPages' in body ? values.shareToEquipmentPages : before!.shareToEquipmentPages,
        visibility: 'visibility' in body ? values.visibility : before!.visibility,
        ownerBpm: 'bpm' in body ? values.bpm : before!.ownerBpm,
        ownerKey: 'musicalKey' in body ? values.musicalKey : before!.ownerKey,
      };
      expect(after, JSON.stringify(body)).toMatchObject({
        ...expected,
        ownerBpm: expected.ownerBpm === null ? null : expect.closeTo(expected.ownerBpm, 4),
        // What no edit sets stays as it was.
        bpm: before!.bpm,
        musicalKey: before!.musicalKey,
        filename: before!.filename,
        processingState: before!.processingState,
      });
      expect(res.body, JSON.stringify(body)).toBe(await ormBytes(row.id));
    }
  });

  it('is one statement on tracks, and 404 for a stranger or a track that is gone', async () => {
    const row = await awkwardTrack();
    await alice.patch(`/api/tracks/${row.id}`, { notes: 'warm' });
    t.queries.length = 0;
    expect((await alice.patch(`/api/tracks/${row.id}`, { notes: 'again' })).statusCode).toBe(200);
    const onTracks = t.queries.filter((q) => /\btracks\b/.test(q));
    expect(onTracks).toHaveLength(1);
    expect(onTracks[0]).toMatch(
      /^\s*with "edited" as \(\s*update tracks set "notes" = \$\d+, updated_at = now\(\)/,
    );

    expect((await bob.patch(`/api/tracks/${row.id}`, { name: 'mine now' })).statusCode).toBe(404);
    expect((await alice.patch(`/api/tracks/${row.id + 1000}`, { name: 'gone' })).statusCode).toBe(404);
    const [after] = await t.db.select().from(tracks).where(eq(tracks.id, row.id));
    expect(after).toMatchObject({ name: row.name, notes: 'again' });
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type EquipmentTrack,
  equipmentTrackPageSchema,
  equipmentTrackSchema,
} from '../../../shared/schemas/tracks';
import {
  awkwardEquipment,
  awkwardFailedTrackValues,
  awkwardRenditionTrackValues,
  awkwardTrackValues,
} from '../../../test/awkward-rows';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
import { imageUrlOf } from '../../media/image-url';
import { withEquipment } from '../tracks/tracks.service';

// Decision 0949: 'Tracks Using {name}' is written as JSON by PostgreSQL, as the journal list is.
// Its bytes are those the ORM path and the zod serializer wrote before, awkward values included, on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => t.close());

/** What the ORM path answered for these tracks, in this order: toTrackDto, the owner, the zod reply. */
async function ormReply(ids: number[]): Promise<EquipmentTrack[]> {
  const rows = await t.db.select().from(tracks).where(inArray(tracks.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = await withEquipment(
    t.db,
    ids.map((id) => byId.get(id)!),
  );
  const owners = await t.db.select().from(users);
  return listed.map((track) => {
    const owner = owners.find((u) => u.id === track.userId)!;
    return {
      ...track,
      user: {
        id: owner.id,
        username: owner.username,
        firstName: owner.firstName,
        lastName: owner.lastName,
        avatarUrl: imageUrlOf(owner.avatarKey),
        updatedAt: owner.updatedAt.toISOString(),
      },
    };
  });
}

describe('GET /api/equipment/:id/tracks reply bytes (decision 0949)', () => {
  it('are those the ORM path and the zod serializer wrote, awkward values included', async () => {
    const [synth, pedal] = await t.db.insert(equipmentTags).values(awkwardEquipment).returning();
    await t.db
      .update(users)
      .set({ firstName: 'Ada "the" \\ Lovelace 🎛', lastName: null, avatarKey: 'images/avatars/a1b2' })
      .where(eq(users.id, alice.userId));
    await t.db.execute(
      sql`update users set updated_at = '2024-05-05 05:05:05.987654+00' where id = ${alice.userId}`,
    );
    const base = { userId: alice.userId, filename: 'a.wav', filepath: 'tracks/a', mimeType: 'audio/wav' };
    const [a, b, c, d] = await t.db
      .insert(tracks)
      .values([
        { ...base, ...awkwardTrackValues, createdAt: new Date('2024-01-01T00:00:00.001Z') },
        {
          ...base,
          ...awkwardFailedTrackValues,
          name: 'Long one',
          createdAt: new Date('2024-01-02T00:00:00Z'),
        },
        {
          ...base,
          ...awkwardRenditionTrackValues,
          name: 'Rendition',
          createdAt: new Date('2024-01-03T00:00:00Z'),
        },
        // Not on equipment pages: never listed.
        { ...base, name: 'Unshared', size: 3, shareToEquipmentPages: false },
      ])
      .returning();
    await t.db.insert(trackEquipmentTags).values([
      { trackId: a!.id, equipmentTagId: pedal!.id, createdAt: new Date('2024-01-02T00:00:00Z') },
      { trackId: a!.id, equipmentTagId: synth!.id, createdAt: new Date('2024-01-01T00:00:00Z') },
      { trackId: b!.id, equipmentTagId: synth!.id },
      { trackId: c!.id, equipmentTagId: synth!.id },
      { trackId: d!.id, equipmentTagId: synth!.id },
    ]);
    await t.db.execute(sql`update track_equipment_tags te set track_created_at = t.created_at
      from tracks t where t.id = te.track_id`);
    const newestFirst = [c!.id, b!.id, a!.id];

    const whole = await bob.get(`/api/equipment/${synth!.id}/tracks`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = await ormReply(newestFirst);
    expect(whole.body).toBe(JSON.stringify(z.array(equipmentTrackSchema).encode(expected)));

    const first = await bob.get(`/api/equipment/${synth!.id}/tracks?limit=2`);
    const page = equipmentTrackPageSchema.parse(first.json());
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(first.body).toBe(
      JSON.stringify(
        equipmentTrackPageSchema.encode({ items: expected.slice(0, 2), nextCursor: page.nextCursor }),
      ),
    );
    const last = await bob.get(
      `/api/equipment/${synth!.id}/tracks?limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`,
    );
    expect(last.body).toBe(
      JSON.stringify(equipmentTrackPageSchema.encode({ items: expected.slice(2), nextCursor: null })),
    );
  });

  it('is a 404 for an equipment that does not exist, with or without a page', async () => {
    expect((await bob.get('/api/equipment/999999/tracks')).statusCode).toBe(404);
    expect((await bob.get('/api/equipment/999999/tracks?limit=5')).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EQUIPMENT_CATEGORIES } from '../../../shared/constants';
import { EQUIPMENT_SEARCH_LIMIT } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { equipmentTags } from '../../db/schema';

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let trackId: number;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
  const res = await alice.upload(
    '/api/tracks',
    {},
    { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(1) },
  );
  trackId = res.json().id;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(equipmentTags);
});

const create = (client: TestClient, name: string) => client.post('/api/equipment', { name });

describe('equipment tags', () => {
  it('creates a tag with a trimmed name and the default category', async () => {
    const res = await create(alice, '  Roland Juno-60  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      name: 'Roland Juno-60',
      category: 'not defined',
    });
  });

  it('returns the existing tag for an existing name, ignoring case', async () => {
    const first = (await create(alice, 'Roland Juno-60')).json();
    const again = await create(bob, 'roland JUNO-60');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
  });

  it('refuses a blank name', async () => {
    const res = await create(alice, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Equipment name is required/);
  });

  it('searches case-insensitively from 2 characters, prefix matches first, bounded', async () => {
    for (const name of ['Moog Minimoog', 'Korg MS-20', 'Elektron Analog Four', 'MOOG Grandmother'])
      await create(alice, name);
    expect((await alice.get('/api/equipment/search?q=m')).json()).toEqual([]);
    const names = (await alice.get('/api/equipment/search?q=moog'))
      .json()
      .map((x: { name: string }) => x.name);
    expect(names).toEqual(['MOOG Grandmother', 'Moog Minimoog']);
    expect(
      (await alice.get('/api/equipment/search?q=ms-')).json().map((x: { name: string }) => x.name),
    ).toEqual(['Korg MS-20']);
    // LIKE wildcards typed by a person are literal text.
    expect((await alice.get('/api/equipment/search?q=%25%25')).json()).toEqual([]);
    for (let i = 0; i < EQUIPMENT_SEARCH_LIMIT + 5; i++) await create(alice, `Synth ${i}`);
    expect((await alice.get('/api/equipment/search?q=synth')).json()).toHaveLength(EQUIPMENT_SEARCH_LIMIT);
  });

  it('serves the 33 categories', async () => {
    const res = await alice.get('/api/equipment/categories');
    expect(res.json()).toEqual([...EQUIPMENT_CATEGORIES]);
    expect(res.json()).toHaveLength(33);
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/equipment/search?q=moog')).statusCode).toBe(401);
  });
});

describe('equipment on a track', () => {
  it('the owner adds, lists and removes tags; adding twice keeps one', async () => {
    const tag = (await create(alice, 'TR-808')).json();
    expect(
      (await alice.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: tag.id })).statusCode,
    ).toBe(201);
    expect(
      (await alice.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: tag.id })).statusCode,
    ).toBe(201);
    expect((await alice.get(`/api/tracks/${trackId}/equipment`)).json()).toEqual([
      { id: tag.id, name: 'TR-808', description: null, imageUrl: null, category: 'not defined' },
    ]);
    expect((await alice.get('/api/tracks')).json()[0].equipment).toHaveLength(1);
    expect((await alice.delete(`/api/tracks/${trackId}/equipment/${tag.id}`)).statusCode).toBe(200);
    expect((await alice.get(`/api/tracks/${trackId}/equipment`)).json()).toEqual([]);
  });

  it('someone else cannot read, add or remove: 404', async () => {
    const tag = (await create(bob, 'SP-404')).json();
    expect((await bob.get(`/api/tracks/${trackId}/equipment`)).statusCode).toBe(404);
    expect((await bob.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: tag.id })).statusCode).toBe(
      404,
    );
    await alice.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: tag.id });
    expect((await bob.delete(`/api/tracks/${trackId}/equipment/${tag.id}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/tracks/${trackId}/equipment`)).json()).toHaveLength(1);
  });

  it('is public with the track: signed out follows the stream rule (decision 0012)', async () => {
    const tag = (await create(alice, 'Juno-106')).json();
    await alice.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: tag.id });
    const signedOut = t.client();
    const both = async () => [
      (await signedOut.get(`/api/tracks/${trackId}/equipment`)).statusCode,
      (await signedOut.get(`/api/tracks/${trackId}/stream`)).statusCode,
    ];
    // Private track: a signed-out visitor may not stream it, nor see its gear (even though it is on
    // an equipment page, which is for signed-in people).
    expect(await both()).toEqual([404, 404]);
    expect((await bob.get(`/api/tracks/${trackId}/equipment`)).statusCode).toBe(200);
    // Public track (decision 0140): open by link, its gear too.
    await alice.patch(`/api/tracks/${trackId}`, { visibility: 'public' });
    try {
      expect(await both()).toEqual([200, 200]);
      expect((await signedOut.get(`/api/tracks/${trackId}/equipment`)).json()).toEqual([
        expect.objectContaining({ id: tag.id, name: 'Juno-106' }),
      ]);
    } finally {
      await alice.patch(`/api/tracks/${trackId}`, { visibility: 'private' });
    }
    expect(await both()).toEqual([404, 404]);
    expect((await signedOut.get('/api/tracks/999999/equipment')).statusCode).toBe(404);
  });

  it('an unknown tag is 404 and a malformed body 400', async () => {
    expect(
      (await alice.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: 999999 })).statusCode,
    ).toBe(404);
    expect((await alice.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: 'x' })).statusCode).toBe(
      400,
    );
  });
});

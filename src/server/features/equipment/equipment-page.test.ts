import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';

const BOB_AVATAR = '0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11';

let t: TestApp;
let ada: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let carol: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  ada = await t.signedInClient({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
  bob = await t.signedInClient({
    firstName: 'Bob',
    lastName: 'Builder',
    avatarKey: `images/avatars/${BOB_AVATAR}`,
  });
  carol = await t.signedInClient();
});
afterAll(async () => t.close());

async function taggedTrack(client: TestClient, tagId: number, name: string, share = true) {
  const id = (
    await client.upload(
      '/api/tracks',
      { name },
      { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
    )
  ).json().id;
  await client.post(`/api/tracks/${id}/equipment`, { equipmentTagId: tagId });
  if (!share) await client.patch(`/api/tracks/${id}`, { shareToEquipmentPages: false });
  return id as number;
}
const newTag = async (name: string) => (await ada.post('/api/equipment', { name })).json().id as number;

describe('equipment page', () => {
  it('shows the equipment with its default category', async () => {
    const id = await newTag('Juno-60');
    const res = await bob.get(`/api/equipment/${id}`);
    expect(res.json()).toMatchObject({
      id,
      name: 'Juno-60',
      category: 'not defined',
      description: null,
      canEdit: true,
    });
    expect((await bob.get('/api/equipment/999999')).json().message).toBe('Equipment not found');
  });

  it('edits name, category and description; names stay unique; categories are the 33', async () => {
    const id = await newTag('TB-303');
    await newTag('TR-909');
    const res = await ada.patch(`/api/equipment/${id}`, {
      name: 'Roland TB-303',
      category: 'Hardware Synth',
      description: 'Acid.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Roland TB-303',
      category: 'Hardware Synth',
      description: 'Acid.',
    });
    expect((await ada.patch(`/api/equipment/${id}`, { name: 'tr-909' })).statusCode).toBe(409);
    expect((await ada.patch(`/api/equipment/${id}`, { category: 'Kazoo' })).statusCode).toBe(400);
    expect((await ada.patch(`/api/equipment/${id}`, { name: '  ' })).statusCode).toBe(400);
  });

  it('once in use, only people who used it on a track may edit it (decision 0015)', async () => {
    const id = await newTag('MPC 2000');
    await taggedTrack(ada, id, 'beat');
    expect((await bob.get(`/api/equipment/${id}`)).json().canEdit).toBe(false);
    expect((await bob.patch(`/api/equipment/${id}`, { description: 'vandal' })).statusCode).toBe(403);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const image = await bob.upload(
      `/api/equipment/${id}/image`,
      {},
      { field: 'image', name: 'x.png', type: 'image/png', data: png },
    );
    expect(image.statusCode).toBe(403);
    expect((await ada.get(`/api/equipment/${id}`)).json().canEdit).toBe(true);
    const mine = await ada.upload(
      `/api/equipment/${id}/image`,
      {},
      { field: 'image', name: 'x.png', type: 'image/png', data: png },
    );
    expect(mine.statusCode).toBe(200);
    expect((await bob.get(`/api/equipment/${id}`)).json().imageUrl).toBe(mine.json().imageUrl);
  });

  it('Tracks Using lists shared tracks newest first, leaving out tracks not shared to equipment pages', async () => {
    const id = await newTag('SH-101');
    const first = await taggedTrack(ada, id, 'first');
    await taggedTrack(bob, id, 'hidden', false);
    const last = await taggedTrack(bob, id, 'last');
    const res = await carol.get(`/api/equipment/${id}/tracks`);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual([last, first]);
    expect(res.json()[0]).toMatchObject({
      name: 'last',
      user: { firstName: 'Bob', lastName: 'Builder', avatarUrl: `/api/images/avatars/${BOB_AVATAR}` },
      equipment: [expect.objectContaining({ id })],
    });
    // The owner's avatar comes with its version, which the player's artwork URL carries.
    expect(Number.isNaN(Date.parse(res.json()[0].user.updatedAt))).toBe(false);
    // Each listed track is playable by the signed-in visitor; the hidden one is not.
    expect((await carol.get(`/api/tracks/${first}/stream`)).statusCode).toBe(200);
    expect((await t.client().get(`/api/tracks/${first}/stream`)).statusCode).toBe(404);
  });

  it('a track opted out of equipment pages is not streamable through them', async () => {
    const id = await newTag('Prophet-5');
    const hidden = await taggedTrack(bob, id, 'secret', false);
    expect((await carol.get(`/api/tracks/${hidden}/stream`)).statusCode).toBe(404);
  });

  it('comments: any signed-in person posts; newest first with author names; empty refused', async () => {
    const id = await newTag('Minimoog');
    expect((await bob.post(`/api/equipment/${id}/comments`, { content: ' Fat bass ' })).statusCode).toBe(201);
    await ada.post(`/api/equipment/${id}/comments`, { content: 'Agreed' });
    const list = (await carol.get(`/api/equipment/${id}/comments`)).json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(['Agreed', 'Fat bass']);
    expect(list[1].user).toMatchObject({ firstName: 'Bob', lastName: 'Builder' });
    expect((await bob.post(`/api/equipment/${id}/comments`, { content: '   ' })).statusCode).toBe(400);
    expect((await bob.post('/api/equipment/999999/comments', { content: 'hi' })).statusCode).toBe(404);
    expect((await t.client().get(`/api/equipment/${id}/comments`)).statusCode).toBe(401);
  });

  it('comments on a missing equipment: 404 for reading and for posting', async () => {
    const read = await bob.get('/api/equipment/999999/comments');
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ statusCode: 404, message: 'Equipment not found' });
    const post = await bob.post('/api/equipment/999999/comments', { content: 'Anyone?' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ statusCode: 404, message: 'Equipment not found' });
  });
});

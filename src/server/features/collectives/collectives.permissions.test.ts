import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

type Who = 'signedOut' | 'nonMember' | 'member' | 'admin' | 'owner';
const WHO: Who[] = ['signedOut', 'nonMember', 'member', 'admin', 'owner'];

let t: TestApp;
const clients = {} as Record<Who, TestClient>;
let collectiveId: number;
let playlistId: number;
let linkId: number;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await t.signedInClient();
  const admin = await t.signedInClient();
  const member = await t.signedInClient();
  Object.assign(clients, {
    signedOut: t.client(),
    nonMember: await t.signedInClient(),
    member,
    admin,
    owner,
  });
  collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values([
    { collectiveId, userId: admin.userId, role: 'admin' },
    { collectiveId, userId: member.userId, role: 'member' },
  ]);
  const trackId = (
    await owner.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(1) },
    )
  ).json().id;
  playlistId = (await owner.post('/api/playlists', { name: 'Set' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  linkId = (await owner.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'multi' })).json().id;
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

/** Expected status per caller, in the order of WHO: the table of decision 0013. */
const table: { route: string; call: (c: TestClient) => ReturnType<TestClient['get']>; expect: number[] }[] = [
  {
    route: 'GET /api/collectives/{id}',
    call: (c) => c.get(`/api/collectives/${collectiveId}`),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'PATCH /api/collectives/{id}',
    call: (c) => c.patch(`/api/collectives/${collectiveId}`, { description: 'About us' }),
    expect: [401, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/collectives/{id}/avatar',
    call: (c) =>
      c.upload(
        `/api/collectives/${collectiveId}/avatar`,
        {},
        { field: 'avatar', name: 'a.png', type: 'image/png', data: png },
      ),
    expect: [401, 404, 403, 403, 200],
  },
  {
    route: 'GET …/members',
    call: (c) => c.get(`/api/collectives/${collectiveId}/members`),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET …/playlists',
    call: (c) => c.get(`/api/collectives/${collectiveId}/playlists`),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET …/playlists/{playlistId}',
    call: (c) => c.get(`/api/collectives/${collectiveId}/playlists/${playlistId}`),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET …/comments',
    call: (c) => c.get(`/api/collectives/${collectiveId}/playlists/${playlistId}/comments`),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'POST …/comments',
    call: (c) =>
      c.post(`/api/collectives/${collectiveId}/playlists/${playlistId}/comments`, { content: 'Lovely' }),
    expect: [401, 404, 201, 201, 201],
  },
  {
    route: 'GET …/invite-links',
    call: (c) => c.get(`/api/collectives/${collectiveId}/invite-links`),
    expect: [401, 404, 403, 200, 200],
  },
  {
    route: 'POST …/invite-links',
    call: (c) => c.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'single' }),
    expect: [401, 404, 403, 201, 201],
  },
  {
    route: 'PATCH …/invite-links/{linkId}',
    call: (c) => c.patch(`/api/collectives/${collectiveId}/invite-links/${linkId}`, { isActive: true }),
    expect: [401, 404, 403, 200, 200],
  },
  {
    route: 'GET /api/tracks/{id}/stream of a shared track',
    call: async (c) => {
      const detail = await clients.owner.get(`/api/collectives/${collectiveId}/playlists/${playlistId}`);
      return c.get(`/api/tracks/${detail.json().tracks[0].id}/stream`);
    },
    expect: [404, 404, 200, 200, 200],
  },
];

describe('collective permissions (decision 0013)', () => {
  for (const row of table) {
    it(row.route, async () => {
      const got: number[] = [];
      for (const who of WHO) got.push((await row.call(clients[who])).statusCode);
      expect(Object.fromEntries(WHO.map((w, i) => [w, got[i]]))).toEqual(
        Object.fromEntries(WHO.map((w, i) => [w, row.expect[i]])),
      );
    });
  }

  it('a non-member learns nothing: the same 404 as a collective that does not exist', async () => {
    const hidden = await clients.nonMember.get(`/api/collectives/${collectiveId}`);
    const missing = await clients.nonMember.get('/api/collectives/999999');
    expect(hidden.json()).toEqual(missing.json());
  });

  it('a collective does not appear in a non-member’s list', async () => {
    expect((await clients.nonMember.get('/api/collectives')).json()).toEqual([]);
    expect((await clients.member.get('/api/collectives')).json().map((c: { id: number }) => c.id)).toEqual([
      collectiveId,
    ]);
  });
});

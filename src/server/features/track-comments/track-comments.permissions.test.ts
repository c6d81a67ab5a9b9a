import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

// Timed comments' rows of decision 0013's table (decision 0160), tried as each caller. The track
// belongs to the collective's owner, who is therefore also the one who may resolve.
type Who = 'signedOut' | 'nonMember' | 'member' | 'admin' | 'owner';
const WHO: Who[] = ['signedOut', 'nonMember', 'member', 'admin', 'owner'];
type Person = TestClient & { userId: string };

let t: TestApp;
const clients = {} as Record<Who, TestClient>;
let author: Person; // another member, whose comments the others try to change
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await t.signedInClient();
  const admin = await t.signedInClient();
  const member = await t.signedInClient();
  author = await t.signedInClient();
  Object.assign(clients, {
    signedOut: t.client(),
    nonMember: await t.signedInClient(),
    member,
    admin,
    owner,
  });
  const collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id;
  await t.db.insert(collectiveMembers).values([
    { collectiveId, userId: admin.userId, role: 'admin' },
    { collectiveId, userId: member.userId, role: 'member' },
    { collectiveId, userId: author.userId, role: 'member' },
  ]);
  const trackId = (
    await owner.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(2) },
    )
  ).json().id;
  const playlistId = (await owner.post('/api/playlists', { name: 'Set' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  base = `/api/collectives/${collectiveId}/tracks/${trackId}/comments`;
});
afterAll(async () => t.close());

/** A fresh comment by `by` (the author unless a member-caller posts their own). */
const fresh = async (by: TestClient = author) =>
  (await by.post(base, { content: 'Hi', atSeconds: 1 })).json().id as number;
const isMember = (c: TestClient) => [clients.member, clients.admin, clients.owner].includes(c);

const table: { route: string; call: (c: TestClient) => ReturnType<TestClient['get']>; expect: number[] }[] = [
  { route: 'GET …/tracks/{trackId}/comments', call: (c) => c.get(base), expect: [401, 404, 200, 200, 200] },
  {
    route: 'POST …/tracks/{trackId}/comments',
    call: (c) => c.post(base, { content: 'Hi', atSeconds: 1 }),
    expect: [401, 404, 201, 201, 201],
  },
  {
    route: 'PATCH …/comments/{commentId} (own comment)',
    call: async (c) => c.patch(`${base}/${await fresh(isMember(c) ? c : author)}`, { content: 'Edited' }),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: "PATCH …/comments/{commentId} (someone else's)",
    call: async (c) => c.patch(`${base}/${await fresh()}`, { content: 'Edited' }),
    expect: [401, 404, 403, 403, 403],
  },
  {
    route: 'DELETE …/comments/{commentId} (own comment)',
    call: async (c) => c.delete(`${base}/${await fresh(isMember(c) ? c : author)}`),
    expect: [401, 404, 204, 204, 204],
  },
  {
    route: "DELETE …/comments/{commentId} (someone else's)",
    call: async (c) => c.delete(`${base}/${await fresh()}`),
    expect: [401, 404, 403, 204, 204],
  },
  {
    route: 'POST …/comments/{commentId}/resolve (track owner: the owner here)',
    call: async (c) => c.post(`${base}/${await fresh()}/resolve`, { resolved: true }),
    expect: [401, 404, 403, 403, 200],
  },
];

describe('timed comment permissions (decisions 0013, 0160)', () => {
  for (const row of table) {
    it(row.route, async () => {
      const got: number[] = [];
      for (const who of WHO) got.push((await row.call(clients[who])).statusCode);
      expect(Object.fromEntries(WHO.map((w, i) => [w, got[i]]))).toEqual(
        Object.fromEntries(WHO.map((w, i) => [w, row.expect[i]])),
      );
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { collectiveMembers } from '../../db/schema';

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let crews: number[];
let bobsCrew: number;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
  crews = [];
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    crews.push((await alice.post('/api/collectives', { name })).json().id);
  bobsCrew = (await bob.post('/api/collectives', { name: 'Bob only' })).json().id;
});
afterAll(async () => t.close());

const shared = async (playlistId: number) =>
  (await alice.get(`/api/playlists/${playlistId}/shared-collectives`))
    .json()
    .map((c: { id: number }) => c.id)
    .sort();

describe('sharing a playlist into collectives', () => {
  it('the whole selected set is applied: additions and removals at once', async () => {
    const id = (await alice.post('/api/playlists', { name: 'Set' })).json().id;
    expect(await shared(id)).toEqual([]);
    let res = await alice.post(`/api/playlists/${id}/share`, { collectiveIds: [crews[0], crews[1]] });
    expect(res.statusCode).toBe(200);
    expect(await shared(id)).toEqual([crews[0], crews[1]].sort());
    res = await alice.post(`/api/playlists/${id}/share`, { collectiveIds: [crews[1], crews[2]] });
    expect(
      res
        .json()
        .map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([crews[1], crews[2]].sort());
    expect(await shared(id)).toEqual([crews[1], crews[2]].sort());
    await alice.post(`/api/playlists/${id}/share`, { collectiveIds: [] });
    expect(await shared(id)).toEqual([]);
  });

  it('only into collectives the owner belongs to; a refused set changes nothing', async () => {
    const id = (await alice.post('/api/playlists', { name: 'Set' })).json().id;
    await alice.post(`/api/playlists/${id}/share`, { collectiveIds: [crews[0]] });
    const res = await alice.post(`/api/playlists/${id}/share`, { collectiveIds: [crews[1], bobsCrew] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/collectives you belong to/);
    expect(await shared(id)).toEqual([crews[0]]);
  });

  it('only by the playlist’s owner, even a fellow member', async () => {
    await t.db.insert(collectiveMembers).values({ collectiveId: crews[0]!, userId: bob.userId });
    const id = (await alice.post('/api/playlists', { name: 'Set' })).json().id;
    expect((await bob.post(`/api/playlists/${id}/share`, { collectiveIds: [crews[0]] })).statusCode).toBe(
      404,
    );
    expect((await bob.get(`/api/playlists/${id}/shared-collectives`)).statusCode).toBe(404);
    expect(await shared(id)).toEqual([]);
  });

  it('lists the journal’s playlists with their collectives in a constant number of queries', async () => {
    const fresh = await t.signedInClient();
    const crew = (await fresh.post('/api/collectives', { name: 'Fresh' })).json().id;
    const make = async () => {
      const id = (await fresh.post('/api/playlists', { name: 'P' })).json().id;
      await fresh.post(`/api/playlists/${id}/share`, { collectiveIds: [crew] });
    };
    await make();
    t.queries.length = 0;
    await fresh.get('/api/playlists/with-shared-collectives');
    const few = t.queries.length;
    for (let i = 0; i < 5; i++) await make();
    t.queries.length = 0;
    const list = (await fresh.get('/api/playlists/with-shared-collectives')).json();
    expect(t.queries.length).toBe(few);
    expect(list).toHaveLength(6);
    expect(list[0].sharedCollectives).toEqual([{ id: crew, name: 'Fresh', imageUrl: null }]);
  });
});

import { expect, it } from 'vitest';
import { collectiveMembers } from '../server/db/schema';
import type { TestApp, TestClient } from './build-test-app';
import { makeWav } from './media-fixtures';

/**
 * The callers of decision 0013's permission table, in the order every row lists its expected
 * statuses: nobody signed in, someone outside the collective, then each role inside it.
 */
export type Who = 'signedOut' | 'nonMember' | 'member' | 'admin' | 'owner';
export const WHO: Who[] = ['signedOut', 'nonMember', 'member', 'admin', 'owner'];

/** One route of the table: how to call it, and the status each of WHO must get. */
export interface RoleRow {
  route: string;
  call: (c: TestClient) => ReturnType<TestClient['get']>;
  expect: number[];
}

export interface CollectiveWithRoles {
  clients: Record<Who, TestClient>;
  collectiveId: number;
  playlistId: number;
  /** The owner's track, in the playlist shared into the collective. */
  trackId: number;
}

/**
 * A collective "Crew" with its owner, an admin and a member (and a stranger, and a signed-out
 * caller); the owner's track sits in a playlist "Set" shared into it.
 */
export async function collectiveWithRoles(t: TestApp, trackSeconds = 1): Promise<CollectiveWithRoles> {
  const owner = await t.signedInClient();
  const admin = await t.signedInClient();
  const member = await t.signedInClient();
  const clients: Record<Who, TestClient> = {
    signedOut: t.client(),
    nonMember: await t.signedInClient(),
    member,
    admin,
    owner,
  };
  const collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id as number;
  await t.db.insert(collectiveMembers).values([
    { collectiveId, userId: admin.userId, role: 'admin' },
    { collectiveId, userId: member.userId, role: 'member' },
  ]);
  const trackId = (
    await owner.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(trackSeconds) },
    )
  ).json().id as number;
  const playlistId = (await owner.post('/api/playlists', { name: 'Set' })).json().id as number;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  return { clients, collectiveId, playlistId, trackId };
}

/**
 * One test per row: every caller tries the route, and the statuses are compared by name, so a
 * failure reads "member: 200, expected 403" rather than a position in a list.
 */
export function itFollowsRoleTable(rows: RoleRow[], clients: () => Record<Who, TestClient>) {
  for (const row of rows) {
    it(row.route, async () => {
      const got: number[] = [];
      for (const who of WHO) got.push((await row.call(clients()[who])).statusCode);
      expect(Object.fromEntries(WHO.map((w, i) => [w, got[i]]))).toEqual(
        Object.fromEntries(WHO.map((w, i) => [w, row.expect[i]])),
      );
    });
  }
}

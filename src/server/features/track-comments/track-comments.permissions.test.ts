import { afterAll, beforeAll, describe } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import {
  collectiveWithRoles,
  itFollowsRoleTable,
  type RoleRow,
  type Who,
} from '../../../test/collective-roles';
import { collectiveMembers } from '../../db/schema';

// Timed comments' rows of decision 0013's table (decision 0160), tried as each caller. The track
// belongs to the collective's owner, who is therefore also the one who may resolve.
let t: TestApp;
let clients: Record<Who, TestClient>;
let author: TestClient; // another member, whose comments the others try to change
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  const crew = await collectiveWithRoles(t, 2);
  clients = crew.clients;
  const newcomer = await t.signedInClient();
  author = newcomer;
  await t.db
    .insert(collectiveMembers)
    .values({ collectiveId: crew.collectiveId, userId: newcomer.userId, role: 'member' });
  base = `/api/collectives/${crew.collectiveId}/tracks/${crew.trackId}/comments`;
});
afterAll(async () => t.close());

/** A fresh comment by `by` (the author unless a member-caller posts their own). */
const fresh = async (by: TestClient = author) =>
  (await by.post(base, { content: 'Hi', atSeconds: 1 })).json().id as number;
const isMember = (c: TestClient) => [clients.member, clients.admin, clients.owner].includes(c);

const table: RoleRow[] = [
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
  itFollowsRoleTable(table, () => clients);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';

/**
 * The route × role rows of blocking and the equipment edit history (decision 0450): each caller
 * tries each route, compared by name. ADMIN_USERS names the admin and, to show it never counts, the
 * demo account's username.
 */
type Who = 'signedOut' | 'person' | 'demo' | 'admin';
const WHO: Who[] = ['signedOut', 'person', 'demo', 'admin'];

let t: TestApp;
let clients: Record<Who, TestClient>;
let targetName: string;
let equipmentId: number;
let editId: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { adminUsers: ['boss', 'demo_admin'] } });
  clients = {
    signedOut: t.client(),
    person: await t.signedInClient({ username: 'someone' }),
    demo: await t.signedInClient({ username: 'demo_admin', isDemo: true }),
    admin: await t.signedInClient({ username: 'boss' }),
  };
  const target = await t.signedInClient({ username: 'target' });
  targetName = 'target';
  equipmentId = (await target.post('/api/equipment', { name: 'Roles 303' })).json().id;
  await target.patch(`/api/equipment/${equipmentId}`, { description: 'Acid' });
  editId = (await target.get(`/api/equipment/${equipmentId}/history`)).json().edits[0].id;
});
afterAll(async () => {
  await t.close();
});

const rows: { route: string; call: (c: TestClient) => ReturnType<TestClient['get']>; expect: number[] }[] = [
  {
    route: 'PUT /api/users/{username}/block',
    call: (c) => c.put(`/api/users/${targetName}/block`),
    expect: [401, 204, 204, 204],
  },
  { route: 'GET /api/user/blocks', call: (c) => c.get('/api/user/blocks'), expect: [401, 200, 200, 200] },
  {
    route: 'DELETE /api/users/{username}/block',
    call: (c) => c.delete(`/api/users/${targetName}/block`),
    expect: [401, 204, 204, 204],
  },
  {
    route: 'GET /api/equipment/{id}/history',
    call: (c) => c.get(`/api/equipment/${equipmentId}/history`),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/equipment/{id}/history/{editId}/revert',
    call: (c) => c.post(`/api/equipment/${equipmentId}/history/${editId}/revert`),
    expect: [401, 404, 404, 200],
  },
];

describe('route × role: blocking and the equipment edit history (decision 0450)', () => {
  for (const row of rows) {
    it(row.route, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await row.call(clients[who])).statusCode;
      expect(got).toEqual(Object.fromEntries(WHO.map((w, i) => [w, row.expect[i]])));
    });
  }

  it('canRevert says who may revert', async () => {
    for (const who of ['person', 'demo', 'admin'] as const) {
      const { canRevert } = (await clients[who].get(`/api/equipment/${equipmentId}/history`)).json();
      expect({ who, canRevert }).toEqual({ who, canRevert: who === 'admin' });
    }
  });
});

import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import {
  collectiveWithRoles,
  itFollowsRoleTable,
  type RoleRow,
  WHO,
  type Who,
} from '../../../test/collective-roles';
import { collectiveMembers, collectives } from '../../db/schema';

let t: TestApp;
let clients: Record<Who, TestClient>;
let collectiveId: number;
let playlistId: number;
let linkId: number;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  ({ clients, collectiveId, playlistId } = await collectiveWithRoles(t));
  linkId = (
    await clients.owner.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'multi' })
  ).json().id;
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

/** A new person in the collective with `role`: a target that no earlier call has touched. */
async function freshMember(role: 'admin' | 'member' = 'member', inCollective = collectiveId) {
  const who = await t.signedInClient();
  await t.db.insert(collectiveMembers).values({ collectiveId: inCollective, userId: who.userId, role });
  return who.userId;
}

/** A new collective with the same owner, admin and member as the main one. */
async function freshCollective() {
  const id = (await clients.owner.post('/api/collectives', { name: 'Spare' })).json().id as number;
  await t.db.insert(collectiveMembers).values([
    { collectiveId: id, userId: (clients.admin as TestClient & { userId: string }).userId, role: 'admin' },
    { collectiveId: id, userId: (clients.member as TestClient & { userId: string }).userId, role: 'member' },
  ]);
  return id;
}

const userIdOf = (c: TestClient) => (c as TestClient & { userId?: string }).userId ?? 'signed-out';

/** Puts a caller back as they were after a call that changed their own membership. */
async function restoreRole(c: TestClient, role: 'owner' | 'admin' | 'member' | undefined) {
  const userId = userIdOf(c);
  if (!role) return;
  await t.db
    .insert(collectiveMembers)
    .values({ collectiveId, userId, role })
    .onConflictDoUpdate({
      target: [collectiveMembers.collectiveId, collectiveMembers.userId],
      set: { role },
    });
}
const ROLE_OF: Record<Who, 'owner' | 'admin' | 'member' | undefined> = {
  signedOut: undefined,
  nonMember: undefined,
  member: 'member',
  admin: 'admin',
  owner: 'owner',
};
const whoIs = (c: TestClient) => WHO.find((w) => clients[w] === c)!;

/** Expected status per caller, in the order of WHO: the table of decision 0013 (and 0121). */
const table: RoleRow[] = [
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
    route: 'DELETE /api/collectives/{id}',
    call: async (c) => {
      const id = await freshCollective();
      const res = await c.delete(`/api/collectives/${id}`);
      await t.db.delete(collectives).where(eq(collectives.id, id));
      return res;
    },
    expect: [401, 404, 403, 403, 200],
  },
  {
    route: 'PATCH …/members/{userId} a member → admin',
    call: async (c) =>
      c.patch(`/api/collectives/${collectiveId}/members/${await freshMember()}`, { role: 'admin' }),
    expect: [401, 404, 403, 200, 200],
  },
  {
    route: 'PATCH …/members/{userId} an admin → member',
    call: async (c) =>
      c.patch(`/api/collectives/${collectiveId}/members/${await freshMember('admin')}`, { role: 'member' }),
    expect: [401, 404, 403, 403, 200],
  },
  {
    route: 'PATCH …/members/{ownerId}',
    call: (c) =>
      c.patch(`/api/collectives/${collectiveId}/members/${userIdOf(clients.owner)}`, { role: 'member' }),
    expect: [401, 404, 403, 403, 409],
  },
  {
    route: 'DELETE …/members/{userId} a member',
    call: async (c) => c.delete(`/api/collectives/${collectiveId}/members/${await freshMember()}`),
    expect: [401, 404, 403, 200, 200],
  },
  {
    route: 'DELETE …/members/{userId} an admin',
    call: async (c) => c.delete(`/api/collectives/${collectiveId}/members/${await freshMember('admin')}`),
    expect: [401, 404, 403, 403, 200],
  },
  {
    route: 'DELETE …/members/{ownerId}',
    call: (c) => c.delete(`/api/collectives/${collectiveId}/members/${userIdOf(clients.owner)}`),
    expect: [401, 404, 403, 403, 409],
  },
  {
    route: 'DELETE …/members/{own id} (leave)',
    call: async (c) => {
      const res = await c.delete(`/api/collectives/${collectiveId}/members/${userIdOf(c)}`);
      await restoreRole(c, ROLE_OF[whoIs(c)]);
      return res;
    },
    expect: [401, 404, 200, 200, 409],
  },
  {
    route: 'POST …/transfer',
    call: async (c) => {
      const target = await freshMember();
      const res = await c.post(`/api/collectives/${collectiveId}/transfer`, { userId: target });
      if (res.statusCode === 200) {
        // Hand it back so the rows after this one see the same roles.
        await t.db
          .update(collectives)
          .set({ ownerId: userIdOf(clients.owner) })
          .where(eq(collectives.id, collectiveId));
        await restoreRole(clients.owner, 'owner');
        await t.db
          .delete(collectiveMembers)
          .where(and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, target)));
      }
      return res;
    },
    expect: [401, 404, 403, 403, 200],
  },
  {
    route: 'DELETE …/invite-links/{linkId}',
    call: async (c) => {
      const link = await clients.owner.post(`/api/collectives/${collectiveId}/invite-links`, {
        type: 'multi',
      });
      return c.delete(`/api/collectives/${collectiveId}/invite-links/${link.json().id}`);
    },
    expect: [401, 404, 403, 200, 200],
  },
  {
    route: 'DELETE /api/playlists/{id} of a playlist shared into it',
    call: async (c) => {
      const id = (await clients.owner.post('/api/playlists', { name: 'Gone' })).json().id;
      await clients.owner.post(`/api/playlists/${id}/share`, { collectiveIds: [collectiveId] });
      return c.delete(`/api/playlists/${id}`);
    },
    expect: [401, 404, 403, 403, 200],
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
  itFollowsRoleTable(table, () => clients);

  it('a non-member learns nothing: the same 404 as a collective that does not exist', async () => {
    const hidden = await clients.nonMember.get(`/api/collectives/${collectiveId}`);
    const missing = await clients.nonMember.get('/api/collectives/999999');
    expect(hidden.json()).toEqual(missing.json());
  });

  it('each role’s abilities come with the collective, from the same policy', async () => {
    const abilities = async (who: Who) =>
      (await clients[who].get(`/api/collectives/${collectiveId}`)).json().abilities;
    expect(await abilities('owner')).toEqual({
      editSettings: true,
      manageInvites: true,
      manageMembers: true,
      transferOwnership: true,
      deleteCollective: true,
      leave: false,
      comment: true,
    });
    expect(await abilities('admin')).toEqual({
      editSettings: false,
      manageInvites: true,
      manageMembers: true,
      transferOwnership: false,
      deleteCollective: false,
      leave: true,
      comment: true,
    });
    expect(await abilities('member')).toEqual({
      editSettings: false,
      manageInvites: false,
      manageMembers: false,
      transferOwnership: false,
      deleteCollective: false,
      leave: true,
      comment: true,
    });
  });

  it('each member row says what the caller may do to that member', async () => {
    const rows = async (who: Who) => {
      const list = (await clients[who].get(`/api/collectives/${collectiveId}/members`)).json() as {
        role: string;
        userId: string;
        abilities: Record<string, boolean>;
      }[];
      return Object.fromEntries(
        list
          .filter((m) =>
            [userIdOf(clients.owner), userIdOf(clients.admin), userIdOf(clients.member)].includes(m.userId),
          )
          .map((m) => [m.role, m.abilities]),
      );
    };
    const none = { makeAdmin: false, makeMember: false, remove: false, makeOwner: false, leave: false };
    expect(await rows('owner')).toEqual({
      owner: none,
      admin: { ...none, makeMember: true, remove: true, makeOwner: true },
      member: { ...none, makeAdmin: true, remove: true, makeOwner: true },
    });
    expect(await rows('admin')).toEqual({
      owner: none,
      admin: { ...none, makeMember: true, leave: true },
      member: { ...none, makeAdmin: true, remove: true },
    });
    expect(await rows('member')).toEqual({ owner: none, admin: none, member: { ...none, leave: true } });
  });

  it('a collective does not appear in a non-member’s list', async () => {
    expect((await clients.nonMember.get('/api/collectives')).json()).toEqual([]);
    expect((await clients.member.get('/api/collectives')).json().map((c: { id: number }) => c.id)).toEqual([
      collectiveId,
    ]);
  });
});

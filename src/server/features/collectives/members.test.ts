import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_CANNOT_LEAVE_MESSAGE } from '../../../shared/constants';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { type EventStreamClient, openEventStream } from '../../../test/event-stream';
import { testDatabaseKind } from '../../../test/test-database';
import { collectiveInviteLinks, collectiveMembers, playlistCollectiveShares } from '../../db/schema';

// The rules of decisions 0120-0122 beyond the route × role table: what each change leaves behind.

type Person = TestClient & { userId: string };
let t: TestApp;
let owner: Person;
let admin: Person;
let member: Person;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'olive' });
  admin = await t.signedInClient({ username: 'adam' });
  member = await t.signedInClient({ username: 'mona' });
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

async function crew() {
  const id = (await owner.post('/api/collectives', { name: 'Crew' })).json().id as number;
  await t.db.insert(collectiveMembers).values([
    { collectiveId: id, userId: admin.userId, role: 'admin' },
    { collectiveId: id, userId: member.userId, role: 'member' },
  ]);
  return id;
}
const rolesIn = async (id: number) =>
  Object.fromEntries(
    ((await owner.get(`/api/collectives/${id}/members`)).json() as { userId: string; role: string }[]).map(
      (m) => [m.userId, m.role],
    ),
  );
async function sharedPlaylistOf(person: Person, collectiveId: number, name = 'Set') {
  const id = (await person.post('/api/playlists', { name })).json().id as number;
  expect(
    (await person.post(`/api/playlists/${id}/share`, { collectiveIds: [collectiveId] })).statusCode,
  ).toBe(200);
  return id;
}
const sharedIds = async (viewer: Person, collectiveId: number) =>
  ((await viewer.get(`/api/collectives/${collectiveId}/playlists`)).json() as { id: number }[]).map(
    (p) => p.id,
  );

describe('roles', () => {
  it('promotes a member to admin and back, and the new role brings its abilities', async () => {
    const id = await crew();
    const res = await owner.patch(`/api/collectives/${id}/members/${member.userId}`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: member.userId, role: 'admin' });
    const promoted = (await member.get(`/api/collectives/${id}`)).json();
    expect(promoted.role).toBe('admin');
    expect(promoted.abilities).toMatchObject({ manageInvites: true, manageMembers: true });
    expect((await member.get(`/api/collectives/${id}/invite-links`)).statusCode).toBe(200);

    await owner.patch(`/api/collectives/${id}/members/${member.userId}`, { role: 'member' });
    expect((await rolesIn(id))[member.userId]).toBe('member');
    expect((await member.get(`/api/collectives/${id}/invite-links`)).statusCode).toBe(403);
  });

  it('lets an admin step down but not demote another admin or the owner', async () => {
    const id = await crew();
    await owner.patch(`/api/collectives/${id}/members/${member.userId}`, { role: 'admin' });
    const other = await admin.patch(`/api/collectives/${id}/members/${member.userId}`, { role: 'member' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("Only the owner can change an admin's role");
    const theOwner = await admin.patch(`/api/collectives/${id}/members/${owner.userId}`, { role: 'member' });
    expect(theOwner.statusCode).toBe(403);
    expect(
      (await admin.patch(`/api/collectives/${id}/members/${admin.userId}`, { role: 'member' })).statusCode,
    ).toBe(200);
    expect(await rolesIn(id)).toEqual({
      [owner.userId]: 'owner',
      [admin.userId]: 'member',
      [member.userId]: 'admin',
    });
  });

  it('refuses bad input with a clear 4xx', async () => {
    const id = await crew();
    const url = `/api/collectives/${id}/members/${member.userId}`;
    expect((await owner.patch(url, { role: 'owner' })).statusCode).toBe(400);
    expect((await owner.patch(url, { role: 'admin', extra: 1 })).statusCode).toBe(400);
    expect((await owner.patch(url, {})).statusCode).toBe(400);
    const nobody = await owner.patch(`/api/collectives/${id}/members/nobody-here`, { role: 'admin' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('Member not found');
    expect((await owner.delete(`/api/collectives/${id}/members/nobody-here`)).statusCode).toBe(404);
    expect((await owner.post(`/api/collectives/${id}/transfer`, { userId: 'nobody-here' })).statusCode).toBe(
      404,
    );
    expect((await owner.post(`/api/collectives/${id}/transfer`, { userId: owner.userId })).statusCode).toBe(
      400,
    );
    expect((await owner.post(`/api/collectives/${id}/transfer`, {})).statusCode).toBe(400);
  });
});

describe('removing and leaving', () => {
  it('takes a removed member’s playlists out with them and switches off the links they made', async () => {
    const id = await crew();
    await owner.patch(`/api/collectives/${id}/members/${member.userId}`, { role: 'admin' });
    const link = (await member.post(`/api/collectives/${id}/invite-links`, { type: 'multi' })).json();
    const theirs = await sharedPlaylistOf(member, id, 'Theirs');
    const ours = await sharedPlaylistOf(owner, id, 'Ours');

    expect((await owner.delete(`/api/collectives/${id}/members/${member.userId}`)).statusCode).toBe(200);
    expect(await sharedIds(owner, id)).toEqual([ours]);
    expect((await member.get(`/api/collectives/${id}`)).statusCode).toBe(404);
    expect((await member.get('/api/collectives')).json().map((c: { id: number }) => c.id)).not.toContain(id);
    // Their playlist itself is untouched; only its share into this collective went.
    expect((await member.get(`/api/playlists/${theirs}`)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(collectiveInviteLinks)
      .where(eq(collectiveInviteLinks.id, link.id));
    expect(row?.isActive).toBe(false);
    expect((await member.get(`/api/invite/${link.code}`)).statusCode).toBe(404);
  });

  it('lets a member leave, and tells the owner to transfer first', async () => {
    const id = await crew();
    expect((await member.delete(`/api/collectives/${id}/members/${member.userId}`)).statusCode).toBe(200);
    expect(Object.keys(await rolesIn(id))).not.toContain(member.userId);
    const res = await owner.delete(`/api/collectives/${id}/members/${owner.userId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OWNER_CANNOT_LEAVE_MESSAGE);
  });
});

describe('ownership and deletion', () => {
  it('transfers ownership: the new owner gets the settings, the old one stays as admin', async () => {
    const id = await crew();
    const res = await owner.post(`/api/collectives/${id}/transfer`, { userId: member.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ownerId: member.userId,
      role: 'admin',
      abilities: { editSettings: false },
    });
    expect(await rolesIn(id)).toEqual({
      [owner.userId]: 'admin',
      [admin.userId]: 'admin',
      [member.userId]: 'owner',
    });
    expect((await member.patch(`/api/collectives/${id}`, { name: 'Mine now' })).statusCode).toBe(200);
    expect((await owner.patch(`/api/collectives/${id}`, { name: 'Not yours' })).statusCode).toBe(403);
    // The old owner may now leave; the new one may not.
    expect((await member.delete(`/api/collectives/${id}/members/${member.userId}`)).statusCode).toBe(409);
    expect((await owner.delete(`/api/collectives/${id}/members/${owner.userId}`)).statusCode).toBe(200);
  });

  it('deletes the collective with its members, shares and links; the playlists stay', async () => {
    const id = await crew();
    const playlistId = await sharedPlaylistOf(member, id);
    const link = (await owner.post(`/api/collectives/${id}/invite-links`, { type: 'multi' })).json();
    expect((await owner.delete(`/api/collectives/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/collectives/${id}`)).statusCode).toBe(404);
    expect((await member.get('/api/collectives')).json().map((c: { id: number }) => c.id)).not.toContain(id);
    expect(await t.db.select().from(collectiveMembers).where(eq(collectiveMembers.collectiveId, id))).toEqual(
      [],
    );
    expect((await member.get(`/api/invite/${link.code}`)).statusCode).toBe(404);
    expect((await member.get(`/api/playlists/${playlistId}`)).statusCode).toBe(200);
    expect((await member.get(`/api/playlists/${playlistId}/shared-collectives`)).json()).toEqual([]);
  });
});

describe('DELETE /api/playlists/{id}', () => {
  it('deletes the owner’s playlist and takes it out of every collective it was shared into, live', async () => {
    const first = await crew();
    const second = await crew();
    const playlistId = (await owner.post('/api/playlists', { name: 'Farewell' })).json().id as number;
    await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [first, second] });
    const memberStream = await openEventStream(t.app, { cookie: member.cookieHeader() });
    streams.push(memberStream);
    await memberStream.next('ready');

    const detail = (await owner.get(`/api/playlists/${playlistId}`)).json();
    expect(detail.abilities).toEqual({ edit: true, delete: true, share: true });
    const seen = (await member.get(`/api/collectives/${first}/playlists`)).json();
    expect(seen[0].abilities).toEqual({ edit: false, delete: false, share: false });

    expect((await member.delete(`/api/playlists/${playlistId}`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/playlists/${playlistId}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/playlists/${playlistId}`)).statusCode).toBe(404);
    expect((await owner.get('/api/playlists')).json().map((p: { id: number }) => p.id)).not.toContain(
      playlistId,
    );
    expect(await sharedIds(member, first)).toEqual([]);
    expect(await sharedIds(member, second)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(playlistCollectiveShares)
        .where(and(eq(playlistCollectiveShares.playlistId, playlistId))),
    ).toEqual([]);
    for (const collectiveId of [first, second]) {
      expect(
        await memberStream.next(
          'share',
          (d) => d.collectiveId === collectiveId && d.playlistId === playlistId,
        ),
      ).toEqual({ collectiveId, playlistId, change: 'unshared' });
    }
    expect((await owner.delete(`/api/playlists/${playlistId}`)).statusCode).toBe(404);
    expect((await owner.delete('/api/playlists/abc')).statusCode).toBe(400);
  });
});

it(`runs on ${testDatabaseKind()}`, () => expect(['pglite', 'postgres']).toContain(testDatabaseKind()));

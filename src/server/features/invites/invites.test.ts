import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_INVITE_MESSAGE } from '../../../shared/schemas/collectives';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { collectiveInviteLinks } from '../../db/schema';

let t: TestApp;
let owner: TestClient & { userId: string };
let collectiveId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ firstName: 'Olive', lastName: 'Owner' });
  collectiveId = (await owner.post('/api/collectives', { name: 'Crew', description: 'We jam' })).json().id;
});
afterAll(async () => t.close());

const newLink = async (type: 'single' | 'multi') =>
  (await owner.post(`/api/collectives/${collectiveId}/invite-links`, { type })).json() as {
    id: number;
    code: string;
    maxUses: number | null;
  };
const usage = async (id: number) =>
  (await t.db.select().from(collectiveInviteLinks).where(eq(collectiveInviteLinks.id, id)))[0]!.usageCount;

describe('invite links', () => {
  it('single-use links allow one use, multi-use links have no maximum', async () => {
    const single = await newLink('single');
    const multi = await newLink('multi');
    expect(single).toMatchObject({
      type: 'single',
      maxUses: 1,
      usageCount: 0,
      isActive: true,
      isExhausted: false,
    });
    expect(multi).toMatchObject({ type: 'multi', maxUses: null });
    expect(single.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const list = (await owner.get(`/api/collectives/${collectiveId}/invite-links`)).json();
    expect(list.slice(0, 2).map((l: { id: number }) => l.id)).toEqual([multi.id, single.id]);
  });

  it('shows the invite details to a signed-in visitor', async () => {
    const { code } = await newLink('multi');
    const visitor = await t.signedInClient();
    expect((await visitor.get(`/api/invite/${code}`)).json()).toEqual({
      code,
      collective: { id: collectiveId, name: 'Crew', description: 'We jam', imageUrl: null },
      invitedBy: { firstName: 'Olive', lastName: 'Owner' },
      alreadyMember: false,
    });
    expect((await t.client().get(`/api/invite/${code}`)).statusCode).toBe(401);
  });

  it('joins through a multi-use link, counting each use', async () => {
    const link = await newLink('multi');
    for (let i = 0; i < 3; i++) {
      const person = await t.signedInClient();
      const res = await person.post(`/api/invite/${link.code}/join`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: collectiveId, name: 'Crew', alreadyMember: false });
      expect((await person.get(`/api/collectives/${collectiveId}`)).json()).toMatchObject({ role: 'member' });
    }
    expect(await usage(link.id)).toBe(3);
    const listed = (await owner.get(`/api/collectives/${collectiveId}/invite-links`)).json();
    expect(listed.find((l: { id: number }) => l.id === link.id)).toMatchObject({ usageCount: 3 });
  });

  it('two people racing for a single-use link: exactly one gets in', async () => {
    for (let round = 0; round < 3; round++) {
      const link = await newLink('single');
      const racers = await Promise.all(Array.from({ length: 6 }, () => t.signedInClient()));
      await Promise.all(racers.map((r) => r.fetchCsrfToken()));
      const results = await Promise.all(racers.map((r) => r.post(`/api/invite/${link.code}/join`)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 404, 404, 404, 404, 404]);
      expect(results.find((r) => r.statusCode === 404)!.json().message).toBe(INVALID_INVITE_MESSAGE);
      expect(await usage(link.id)).toBe(1);
    }
  });

  it('an exhausted link shows inactive and cannot be re-activated', async () => {
    const link = await newLink('single');
    await (await t.signedInClient()).post(`/api/invite/${link.code}/join`);
    const listed = (await owner.get(`/api/collectives/${collectiveId}/invite-links`)).json();
    expect(listed.find((l: { id: number }) => l.id === link.id)).toMatchObject({
      isActive: false,
      isExhausted: true,
      usageCount: 1,
    });
    const res = await owner.patch(`/api/collectives/${collectiveId}/invite-links/${link.id}`, {
      isActive: true,
    });
    expect(res.statusCode).toBe(409);
  });

  it('inactive, exhausted and unknown codes all get the invalid message', async () => {
    const inactive = await newLink('multi');
    await owner.patch(`/api/collectives/${collectiveId}/invite-links/${inactive.id}`, { isActive: false });
    const exhausted = await newLink('single');
    await (await t.signedInClient()).post(`/api/invite/${exhausted.code}/join`);
    const person = await t.signedInClient();
    for (const code of [inactive.code, exhausted.code, 'no-such-code']) {
      for (const res of [
        await person.get(`/api/invite/${code}`),
        await person.post(`/api/invite/${code}/join`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(INVALID_INVITE_MESSAGE);
      }
    }
    expect((await person.get(`/api/collectives/${collectiveId}`)).statusCode).toBe(404);
    // Re-activating an inactive (not exhausted) link lets people in again.
    await owner.patch(`/api/collectives/${collectiveId}/invite-links/${inactive.id}`, { isActive: true });
    expect((await person.post(`/api/invite/${inactive.code}/join`)).statusCode).toBe(200);
  });

  it('joining a collective you are already in is harmless and uses nothing', async () => {
    const link = await newLink('single');
    const res = await owner.post(`/api/invite/${link.code}/join`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: collectiveId, alreadyMember: true });
    expect(await usage(link.id)).toBe(0);
    expect((await owner.get(`/api/collectives/${collectiveId}`)).json().role).toBe('owner');
    expect((await owner.get(`/api/invite/${link.code}`)).json().alreadyMember).toBe(true);
  });

  it('refuses a link type that does not exist', async () => {
    expect(
      (await owner.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'forever' })).statusCode,
    ).toBe(400);
  });
});

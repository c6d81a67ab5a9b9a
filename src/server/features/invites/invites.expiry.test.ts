import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_INVITE_MESSAGE, INVALID_INVITE_MESSAGE } from '../../../shared/schemas/collectives';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';
import { collectiveInviteLinks } from '../../db/schema';

// Decision 0124: a link's lifetime is chosen when it is made; revoking deletes it.

let t: TestApp;
let owner: TestClient & { userId: string };
let guest: TestClient & { userId: string };
let collectiveId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient();
  guest = await t.signedInClient();
  collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id;
});
afterAll(async () => t.close());

const create = (body: object) => owner.post(`/api/collectives/${collectiveId}/invite-links`, body);
const HOUR = 3_600_000;

describe('invite link expiry', () => {
  it('is never by default, or 1 or 7 days from creation', async () => {
    const before = Date.now();
    const never = (await create({ type: 'multi' })).json();
    expect(never).toMatchObject({ expiresAt: null, isExpired: false });
    const explicitNever = (await create({ type: 'multi', expiresIn: 'never' })).json();
    expect(explicitNever.expiresAt).toBeNull();
    for (const [expiresIn, hours] of [
      ['1d', 24],
      ['7d', 168],
    ] as const) {
      const link = (await create({ type: 'single', expiresIn })).json();
      const at = Date.parse(link.expiresAt);
      expect(at).toBeGreaterThanOrEqual(before + hours * HOUR);
      expect(at).toBeLessThanOrEqual(Date.now() + hours * HOUR);
      expect(link.isExpired).toBe(false);
    }
    const bad = await create({ type: 'multi', expiresIn: '30d' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an expired link with its own message, in the details and on joining', async () => {
    const link = (await create({ type: 'multi', expiresIn: '1d' })).json();
    await t.db
      .update(collectiveInviteLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(collectiveInviteLinks.id, link.id));
    const details = await guest.get(`/api/invite/${link.code}`);
    expect(details.statusCode).toBe(410);
    expect(details.json().message).toBe(EXPIRED_INVITE_MESSAGE);
    const join = await guest.post(`/api/invite/${link.code}/join`);
    expect(join.statusCode).toBe(410);
    expect(join.json().message).toBe(EXPIRED_INVITE_MESSAGE);
    expect((await guest.get(`/api/collectives/${collectiveId}`)).statusCode).toBe(404);
    const listed = (await owner.get(`/api/collectives/${collectiveId}/invite-links`)).json();
    expect(listed.find((l: { id: number }) => l.id === link.id)).toMatchObject({ isExpired: true });
    // Switched off as well: "invalid" wins, as before (decision 0013).
    await owner.patch(`/api/collectives/${collectiveId}/invite-links/${link.id}`, { isActive: false });
    const off = await guest.get(`/api/invite/${link.code}`);
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe(INVALID_INVITE_MESSAGE);
  });

  it('lets a link that has not expired in, until it is revoked', async () => {
    const link = (await create({ type: 'multi', expiresIn: '7d' })).json();
    expect((await guest.get(`/api/invite/${link.code}`)).statusCode).toBe(200);
    const revoke = await owner.delete(`/api/collectives/${collectiveId}/invite-links/${link.id}`);
    expect(revoke.statusCode).toBe(200);
    const after = await guest.get(`/api/invite/${link.code}`);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(INVALID_INVITE_MESSAGE);
    expect((await guest.post(`/api/invite/${link.code}/join`)).statusCode).toBe(404);
    const listed = (await owner.get(`/api/collectives/${collectiveId}/invite-links`)).json();
    expect(listed.map((l: { id: number }) => l.id)).not.toContain(link.id);
    expect((await owner.delete(`/api/collectives/${collectiveId}/invite-links/${link.id}`)).statusCode).toBe(
      404,
    );
    // Another collective's link cannot be revoked through this one.
    const other = (await owner.post('/api/collectives', { name: 'Other' })).json().id;
    const theirs = (await owner.post(`/api/collectives/${other}/invite-links`, { type: 'multi' })).json();
    expect(
      (await owner.delete(`/api/collectives/${collectiveId}/invite-links/${theirs.id}`)).statusCode,
    ).toBe(404);
  });
});

it(`runs on ${testDatabaseKind()}`, () => expect(['pglite', 'postgres']).toContain(testDatabaseKind()));

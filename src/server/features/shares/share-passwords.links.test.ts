import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { shareLinks } from '../../db/schema';
import { expectLocked, PASSWORD, passwordCalls, SECRET, setUpPasswordWorld } from './share-passwords.fixture';

// Issue 45: changing a password link (PATCH /api/shares/{id}, decision 0704) and several links to
// one item, on the world of share-passwords.fixture.ts.
const world = setUpPasswordWorld();
const { visitor, share } = passwordCalls(world);
let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let trackId: number;
beforeAll(() => {
  ({ t, owner, stranger, trackId } = world);
});

describe('changing a link: PATCH /api/shares/{id}', () => {
  it('a new password ends earlier unlocks; the new one opens; removing it opens to all', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const browser = visitor();
    expect((await browser.unlock(link.token, PASSWORD)).statusCode).toBe(200);
    expect((await browser.get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(200);

    const changed = await owner.patch(`/api/shares/${link.id}`, { password: 'a-new-secret' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().hasPassword).toBe(true);
    expectLocked(await browser.get(`/api/shares/by-token/${link.token}`), 'after the password changed');
    expect((await browser.unlock(link.token, PASSWORD)).statusCode).toBe(401);
    expect((await browser.unlock(link.token, 'a-new-secret')).statusCode).toBe(200);
    expect((await browser.get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(200);

    const removed = await owner.patch(`/api/shares/${link.id}`, { password: null });
    expect(removed.json().hasPassword).toBe(false);
    expect((await visitor().get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(200);
  });

  it('renames the recipient, sets description and expiry, and leaves what was not sent', async () => {
    const link = await share({ trackId, recipient: 'label', description: 'first', allowDownload: true });
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await owner.patch(`/api/shares/${link.id}`, { recipient: 'mastering engineer', expiresAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: link.id,
      recipient: 'mastering engineer',
      description: 'first',
      allowDownload: true,
      expiresAt,
      itemName: SECRET,
    });
    const cleared = await owner.patch(`/api/shares/${link.id}`, {
      recipient: '',
      expiresAt: null,
      description: null,
    });
    expect(cleared.json()).toMatchObject({ recipient: null, expiresAt: null, description: null });
    expect(
      (await owner.patch(`/api/shares/${link.id}`, { expiresAt: '2001-01-01T00:00:00Z' })).statusCode,
    ).toBe(400);
    expect((await owner.patch(`/api/shares/${link.id}`, { visits: 0 })).statusCode).toBe(400);
  });

  it('closes and reopens commenting on a review link only', async () => {
    const review = await share({ trackId, kind: 'review' });
    const closed = await owner.patch(`/api/shares/${review.id}`, { commentsClosed: true });
    expect(closed.json().commentsClosed).toBe(true);
    const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, review.id));
    expect(row!.commentsClosedAt).toBeInstanceOf(Date);
    expect(
      (await owner.patch(`/api/shares/${review.id}`, { commentsClosed: false })).json().commentsClosed,
    ).toBe(false);
    const listen = await share({ trackId });
    const refused = await owner.patch(`/api/shares/${listen.id}`, { commentsClosed: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/review link/);
  });

  it("someone else's link is a 404 and changes nothing; signed out 401; no CSRF token 403", async () => {
    const link = await share({ trackId, recipient: 'label', password: PASSWORD });
    const theirs = await stranger.patch(`/api/shares/${link.id}`, { recipient: 'me', password: null });
    expect(theirs.statusCode).toBe(404);
    expect((await owner.patch('/api/shares/999999', { recipient: 'x' })).statusCode).toBe(404);
    expect((await t.client().patch(`/api/shares/${link.id}`, { recipient: 'x' })).statusCode).toBe(401);
    const noCsrf = await owner.request('PATCH', `/api/shares/${link.id}`, {
      body: { password: null },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row).toMatchObject({ recipient: 'label' });
    expect(row!.passwordHash).not.toBeNull();
  });
});

describe('one item, many links', () => {
  it('two links with different recipients coexist on one track, each with its own settings', async () => {
    const engineer = await share({
      trackId,
      kind: 'review',
      recipient: 'mastering engineer',
      password: PASSWORD,
    });
    const label = await share({ trackId, recipient: 'label', allowDownload: true });
    expect(engineer.token).not.toBe(label.token);
    const listed = ((await owner.get(`/api/shares?trackId=${trackId}`)).json() as ShareLink[]).filter((l) =>
      [engineer.id, label.id].includes(l.id),
    );
    expect(listed).toEqual([
      expect.objectContaining({
        id: label.id,
        recipient: 'label',
        kind: 'listen',
        hasPassword: false,
        allowDownload: true,
      }),
      expect.objectContaining({
        id: engineer.id,
        recipient: 'mastering engineer',
        kind: 'review',
        hasPassword: true,
        allowDownload: false,
      }),
    ]);
    // The label's opens; the engineer's asks for its password.
    expect((await visitor().get(`/api/shares/by-token/${label.token}`)).statusCode).toBe(200);
    expectLocked(await visitor().get(`/api/shares/by-token/${engineer.token}`), "the engineer's link");
    // Changing one leaves the other.
    await owner.patch(`/api/shares/${label.id}`, { recipient: 'label A&R' });
    const after = (await owner.get(`/api/shares?trackId=${trackId}`)).json() as ShareLink[];
    expect(after.find((l) => l.id === engineer.id)?.recipient).toBe('mastering engineer');
  });
});

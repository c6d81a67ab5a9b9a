import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_WRONG_PASSWORD_MESSAGE } from '../../../shared/schemas/share-passwords';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { shareLinks } from '../../db/schema';
import { UNLOCK_COOKIE } from './link-cookies';
import {
  expectLocked,
  NOTES,
  PASSWORD,
  passwordCalls,
  SECRET,
  setUpPasswordWorld,
} from './share-passwords.fixture';

// Issue 45: a share link's password (decisions 0700-0704). The HTTP contract: a password link's
// reads answer 401 `{ passwordRequired: true }` until POST …/unlock `{ password }` (200, a cookie
// scoped to the link; wrong: 401); 5 wrong tries per link and address a minute lock even the right one.
const world = setUpPasswordWorld();
const { nextAddress, visitor, share } = passwordCalls(world);
let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let trackId: number;
beforeAll(() => {
  ({ t, owner, stranger, trackId } = world);
});

describe('making a password link', () => {
  it('stores a scrypt hash, never the password, and the owner sees only that it has one', async () => {
    const link = await share({ trackId, kind: 'review', password: PASSWORD, recipient: 'label' });
    expect(link).toMatchObject({ kind: 'review', hasPassword: true, recipient: 'label' });
    expect(JSON.stringify(link)).not.toContain(PASSWORD);
    const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    const listed = (await owner.get(`/api/shares?trackId=${trackId}`)).json() as ShareLink[];
    expect(JSON.stringify(listed)).not.toContain('scrypt');
  });

  it('a too short password is a 400', async () => {
    const res = await owner.post('/api/shares', { trackId, password: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least 4/);
  });
});

describe('the gate: every read of a password link', () => {
  const reads = (token: string) => {
    const media = `/api/shares/by-token/${token}/tracks/${trackId}`;
    return [
      ['the item', `/api/shares/by-token/${token}`, 200],
      ['the stream', `${media}/stream`, 200],
      ['a range of the stream', `${media}/stream`, 206, { range: 'bytes=0-99' }],
      ['the original', `${media}/original`, 200],
      ['the waveform', `${media}/waveform`, 200],
      ['the picture', `${media}/og.png`, 200],
      ['the versions', `${media}/versions`, 200],
      ['a version stream', `${media}/versions/1/stream`, 200],
      ['a version waveform', `${media}/versions/1/waveform`, 200],
    ] as const;
  };

  it('answers 401 passwordRequired until unlocked, then what it would have (and counts no visit before)', async () => {
    const link = await share({ trackId, password: PASSWORD, allowDownload: true, allowVersions: true });
    const browser = visitor();
    for (const [what, url] of reads(link.token)) expectLocked(await browser.get(url), what);
    expectLocked(await browser.get(`/api/embed/s/${link.token}`), 'the embed JSON');
    const [before] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(before!.visits).toBe(0);

    const unlocked = await browser.unlock(link.token, PASSWORD);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const cookie = unlocked.cookies.find((c) => c.name === UNLOCK_COOKIE);
    expect(cookie).toMatchObject({
      path: `/api/shares/by-token/${link.token}`,
      httpOnly: true,
      sameSite: 'Lax',
    });
    for (const [what, url, status, headers] of reads(link.token)) {
      const res = await browser.get(url, headers);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
    }
    expect((await browser.get(`/api/shares/by-token/${link.token}`)).json().track.name).toBe(SECRET);
  });

  it('the owner signed in passes without the password; someone else signed in does not', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const own = await owner.request('GET', `/api/shares/by-token/${link.token}`, {
      remoteAddress: nextAddress(),
    });
    expect(own.statusCode).toBe(200);
    expectLocked(
      await stranger.request('GET', `/api/shares/by-token/${link.token}`, { remoteAddress: nextAddress() }),
      'a stranger',
    );
  });

  it('a link without a password needs no unlock; unlocking it is a plain 200', async () => {
    const link = await share({ trackId });
    const browser = visitor();
    expect((await browser.get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(200);
    expect((await browser.unlock(link.token, 'anything')).statusCode).toBe(200);
  });

  it("a cookie of link A is refused on link B, even copied to B's path", async () => {
    const a = await share({ trackId, password: PASSWORD });
    const b = await share({ trackId, password: PASSWORD });
    const browser = visitor();
    expect((await browser.unlock(a.token, PASSWORD)).statusCode).toBe(200);
    // The test client sends every cookie whatever its path: as if A's value were set on B's path.
    expect(browser.client.cookies.get(UNLOCK_COOKIE)).toBeTruthy();
    expectLocked(await browser.get(`/api/shares/by-token/${b.token}`), 'link B with A’s cookie');
    expect((await browser.get(`/api/shares/by-token/${a.token}`)).statusCode).toBe(200);
  });

  it('a forged or tampered cookie is refused', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const browser = visitor();
    const payload = Buffer.from(JSON.stringify({ s: link.id, p: 'x' })).toString('base64url');
    browser.client.cookies.set(UNLOCK_COOKIE, `${payload}.forged`);
    expectLocked(await browser.get(`/api/shares/by-token/${link.token}`), 'a forged cookie');
  });

  it('unknown and expired links keep their 404 and 410 before any password question', async () => {
    const link = await share({ trackId, password: PASSWORD });
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, link.id));
    const browser = visitor();
    expect((await browser.get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(410);
    expect((await browser.unlock(link.token, PASSWORD)).statusCode).toBe(410);
    expect((await browser.unlock('A'.repeat(43), PASSWORD)).statusCode).toBe(404);
  });
});

describe('unlocking and its lockout', () => {
  it('a wrong password is a 401 that says so and sets no cookie', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const browser = visitor();
    const res = await browser.unlock(link.token, 'not-it');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: SHARE_WRONG_PASSWORD_MESSAGE, passwordRequired: true });
    expect(res.cookies.find((c) => c.name === UNLOCK_COOKIE)).toBeUndefined();
    expectLocked(await browser.get(`/api/shares/by-token/${link.token}`), 'after a wrong password');
  });

  it('needs a CSRF token, as every mutation', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const res = await t.client().request('POST', `/api/shares/by-token/${link.token}/unlock`, {
      body: { password: PASSWORD },
      csrf: false,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === UNLOCK_COOKIE)).toBeUndefined();
  });

  it('5 wrong tries lock the link for that address, the right password too; another address and another link still may', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const other = await share({ trackId, password: PASSWORD });
    const browser = visitor();
    for (let i = 0; i < 5; i++) expect((await browser.unlock(link.token, `wrong-${i}`)).statusCode).toBe(401);
    const refused = await browser.unlock(link.token, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(/Too many wrong passwords/);
    expect(refused.cookies.find((c) => c.name === UNLOCK_COOKIE)).toBeUndefined();
    // The same address on another link has its own count.
    const sameAddress = visitor(browser.ip);
    expect((await sameAddress.unlock(other.token, PASSWORD)).statusCode).toBe(200);
    // Another address on this link too.
    expect((await visitor().unlock(link.token, PASSWORD)).statusCode).toBe(200);
  });

  it('four wrong tries, then the right one still opens', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const browser = visitor();
    for (let i = 0; i < 4; i++) expect((await browser.unlock(link.token, `wrong-${i}`)).statusCode).toBe(401);
    expect((await browser.unlock(link.token, PASSWORD)).statusCode).toBe(200);
  });
});

describe('what a password link shows before it is opened', () => {
  it("the page's preview tags are neutral: no title, notes, owner, picture, audio or embed", async () => {
    const link = await share({ trackId, password: PASSWORD, description: 'For the label only' });
    const res = await visitor().get(`/s/${link.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A private link on Journal');
    for (const secret of [
      SECRET,
      NOTES,
      'For the label only',
      'atticband',
      '/stream',
      'og.png',
      'og:audio',
      'oembed',
      '/embed/s/',
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it("a playlist's password link has the same neutral tags as a track's", async () => {
    const playlistId = (await owner.post('/api/playlists', { name: 'Secret Sessions' })).json().id;
    const link = await share({ playlistId, password: PASSWORD });
    const res = await visitor().get(`/s/${link.token}`);
    expect(res.body).toContain('A private link on Journal');
    expect(res.body).not.toContain('Secret Sessions');
    expect(res.body).not.toContain('music.playlist');
  });

  it('the embed page says the link is protected and links to its page, nothing else', async () => {
    const link = await share({ trackId, password: PASSWORD });
    const res = await visitor().get(`/embed/s/${link.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('protected by a password');
    expect(res.body).toContain(`href="/s/${link.token}"`);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('<script');
  });

  it('removing the password brings the tags back', async () => {
    const link = await share({ trackId, password: PASSWORD });
    expect((await visitor().get(`/s/${link.token}`)).body).not.toContain(SECRET);
    await owner.patch(`/api/shares/${link.id}`, { password: null });
    expect((await visitor().get(`/s/${link.token}`)).body).toContain(SECRET);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNUP_CLOSED_MESSAGE,
  SIGNUP_INVITE_ONLY_MESSAGE,
  SUSPENDED_MESSAGE,
} from '../../../shared/schemas/admin';
import type { SecurityEvent } from '../../../shared/schemas/sessions';
import { buildTestApp, type TestApp, TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { type LocalOidcProvider, type OidcTestUser, startOidcProvider } from '../../../test/oidc-provider';
import { apiCredentials, shareLinks, tracks, userIdentities, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';

// Decision 0445: a suspended person is refused everywhere, on every instance (within the access
// cache's bound), and nothing of theirs is deleted; SIGNUP's three modes.

const ACCESS_CACHE_SECONDS = 2;
let provider: LocalOidcProvider;
let one: TestApp;
let two: TestApp;
let cached: TestApp;
let people = 0;

beforeAll(async () => {
  provider = await startOidcProvider();
  const oidc = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret };
  const adminUsers = ['boss@example.com'];
  one = await buildTestApp({ config: { oidc, adminUsers } });
  two = await buildTestApp({ sharedDatabase: one.database, config: { oidc, adminUsers } });
  cached = await buildTestApp({
    sharedDatabase: one.database,
    config: { oidc, adminUsers, accessCacheSeconds: ACCESS_CACHE_SECONDS },
  });
});
afterAll(async () => {
  await cached.close();
  await two.close();
  await one.close();
  await provider.stop();
});

function newPerson(): OidcTestUser {
  people += 1;
  const user = { sub: `google|suspension-${people}`, email: `suspension${people}@example.com` };
  provider.setUser(user);
  return user;
}

/** A Google sign-in through the local provider: the callback's reply, and the browser. */
async function googleSignIn(app: TestApp, start = '/api/supabase/auth') {
  const browser = app.client();
  const started = await browser.get(start);
  const answer = await fetch(new URL(started.headers.location as string), { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') as string);
  const done = await browser.get(callback.pathname + callback.search);
  browser.resetCsrf();
  return { browser, done };
}

const sameSessionOn = (app: TestApp, client: TestClient) => {
  const other = new TestClient(app.app);
  other.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE) ?? '');
  return other;
};
const restStatus = async (app: TestApp, query: string) =>
  (await app.app.inject({ url: `/rest/ping.view?f=json&${query}` })).json()['subsonic-response'];

/** Polls until `check` holds, for at most the access cache's bound (and a little slack). */
async function withinCacheBound(check: () => Promise<boolean>) {
  const deadline = Date.now() + ACCESS_CACHE_SECONDS * 1000 + 1500;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not refused within the access cache bound');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('suspension', () => {
  it('ends every session at once, refuses sign-in, keys and public pages on every instance; nothing is deleted; unsuspending restores it', async () => {
    const identity = newPerson();
    const { browser: member, done } = await googleSignIn(one);
    expect(done.statusCode).toBe(302);
    const memberId = (await member.get('/api/auth/user')).json().id as string;
    await one.db.update(users).set({ username: 'suspendee', isPublic: true }).where(eq(users.id, memberId));
    const uploaded = await member.upload(
      '/api/tracks',
      { name: 'Open take' },
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
    );
    expect(uploaded.statusCode).toBe(201);
    const trackId = uploaded.json().id as number;
    await one.db.update(tracks).set({ visibility: 'public' }).where(eq(tracks.id, trackId));
    const { token } = (await member.post('/api/shares', { trackId })).json();
    const apiKey = (await member.post('/api/user/api-keys', { name: 'Phone' })).json().key as string;
    const appPassword = (
      await member.post('/api/user/api-keys', { name: 'DSub', kind: 'app-password' })
    ).json().key as string;

    // On an equipment page, open to everyone signed in: their track and their comment.
    const gearId = (await member.post('/api/equipment', { name: 'TR-909' })).json().id as number;
    await member.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: gearId });
    await member.post(`/api/equipment/${gearId}/comments`, { content: 'Buy my course' });
    const visitor = await one.signedInClient();
    const onGearPage = async () => ({
      tracks: (await visitor.get(`/api/equipment/${gearId}/tracks`)).json<{ id: number }[]>().length,
      comments: (await visitor.get(`/api/equipment/${gearId}/comments`)).json<unknown[]>().length,
    });
    expect(await onGearPage()).toEqual({ tracks: 1, comments: 1 });

    const signedOut = one.client();
    const publicPages = [
      '/api/public/users/suspendee',
      `/api/tracks/${trackId}`,
      `/api/embed/track/${trackId}`,
      `/api/shares/by-token/${token}`,
      `/api/shares/by-token/${token}/tracks/${trackId}/stream`,
    ];
    for (const url of publicPages) expect((await signedOut.get(url)).statusCode, url).toBe(200);
    // In use on the caching instance: the session and the key are kept there.
    const onCached = sameSessionOn(cached, member);
    expect((await onCached.get('/api/auth/user')).statusCode).toBe(200);
    expect((await restStatus(cached, `apiKey=${apiKey}`)).status).toBe('ok');
    expect((await restStatus(one, `u=suspendee&p=${appPassword}`)).status).toBe('ok');

    const admin = await one.signedInClient({ email: 'boss@example.com', emailVerified: true });
    const suspended = await admin.post(`/api/admin/people/${memberId}/suspend`, { reason: 'Spam links' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      suspendedReason: 'Spam links',
      suspendedAt: expect.any(String),
    });

    // Signed out at once, here and on the instance without a cache.
    expect((await member.get('/api/auth/user')).statusCode).toBe(401);
    expect((await sameSessionOn(two, member).get('/api/auth/user')).statusCode).toBe(401);
    await withinCacheBound(async () => (await onCached.get('/api/auth/user')).statusCode === 401);
    // Keys and app passwords: refused, saying why.
    expect(await restStatus(one, `apiKey=${apiKey}`)).toMatchObject({
      status: 'failed',
      error: { code: 50, message: SUSPENDED_MESSAGE },
    });
    expect(await restStatus(one, `u=suspendee&p=${appPassword}`)).toMatchObject({ error: { code: 50 } });
    await withinCacheBound(async () => (await restStatus(cached, `apiKey=${apiKey}`)).status === 'failed');
    // Public pages and share links: 404 for everyone, on every instance.
    for (const app of [one, two]) {
      for (const url of publicPages) expect((await app.client().get(url)).statusCode, url).toBe(404);
    }
    // Nothing of theirs on the equipment page either.
    expect(await onGearPage()).toEqual({ tracks: 0, comments: 0 });
    // Sign-in is refused with the message, and starts no session.
    provider.setUser(identity);
    const again = await googleSignIn(one);
    expect(again.done.statusCode).toBe(403);
    expect(again.done.headers['content-type']).toContain('text/html');
    expect(again.done.body).toContain(SUSPENDED_MESSAGE);
    expect((await again.browser.get('/api/auth/user')).statusCode).toBe(401);

    // Nothing of theirs was deleted.
    expect(await one.db.select().from(tracks).where(eq(tracks.userId, memberId))).toHaveLength(1);
    expect(
      await one.db.select().from(apiCredentials).where(eq(apiCredentials.userId, memberId)),
    ).toHaveLength(2);
    expect(await one.db.select().from(shareLinks).where(eq(shareLinks.userId, memberId))).toHaveLength(1);

    // Unsuspended: everything is back.
    const lifted = await admin.post(`/api/admin/people/${memberId}/unsuspend`);
    expect(lifted.json()).toMatchObject({ suspendedAt: null, suspendedReason: null });
    provider.setUser(identity);
    const back = await googleSignIn(one);
    expect(back.done.statusCode).toBe(302);
    expect((await back.browser.get('/api/auth/user')).json().id).toBe(memberId);
    // Their security log says when and why, without naming the admin.
    const events = (await back.browser.get('/api/user/security-events')).json<SecurityEvent[]>();
    const kinds = events.map((e) => e.kind);
    expect(kinds.indexOf('account_unsuspended')).toBeLessThan(kinds.indexOf('account_suspended'));
    expect(events.find((e) => e.kind === 'account_suspended')?.detail).toEqual({ reason: 'Spam links' });
    for (const url of publicPages) expect((await one.client().get(url)).statusCode, url).toBe(200);
    expect((await restStatus(one, `apiKey=${apiKey}`)).status).toBe('ok');
    expect(await onGearPage()).toEqual({ tracks: 1, comments: 1 });
  });
});

describe('SIGNUP', () => {
  const identityCount = async (sub: string) =>
    (await one.db.select().from(userIdentities).where(eq(userIdentities.subject, sub))).length;

  it('closed: a new Google subject is refused with a page; someone with an account still signs in', async () => {
    const closed = await buildTestApp({
      sharedDatabase: one.database,
      config: { oidc: oidcOf(), signup: 'closed' },
    });
    try {
      const existing = newPerson();
      expect((await googleSignIn(one)).done.statusCode).toBe(302);
      const stranger = newPerson();
      const refused = await googleSignIn(closed);
      expect(refused.done.statusCode).toBe(403);
      expect(refused.done.body).toContain(SIGNUP_CLOSED_MESSAGE.replace(/'/g, '&#39;'));
      expect(await identityCount(stranger.sub)).toBe(0);
      expect((await refused.browser.get('/api/auth/user')).statusCode).toBe(401);
      provider.setUser(existing);
      expect((await googleSignIn(closed)).done.statusCode).toBe(302);
      expect((await closed.client().get('/api/auth/config')).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('invite: only a person arriving through a usable invite link gets an account', async () => {
    const inviteOnly = await buildTestApp({
      sharedDatabase: one.database,
      config: { oidc: oidcOf(), signup: 'invite' },
    });
    try {
      const owner = await one.signedInClient();
      const collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id as number;
      const { code } = (
        await owner.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'multi' })
      ).json();

      const plain = newPerson();
      const noInvite = await googleSignIn(inviteOnly);
      expect(noInvite.done.statusCode).toBe(403);
      expect(noInvite.done.body).toContain('by invitation only');
      expect(SIGNUP_INVITE_ONLY_MESSAGE).toContain('by invitation only');
      const bogus = await googleSignIn(inviteOnly, '/api/supabase/auth?pendingInvite=notARealCode1');
      expect(bogus.done.statusCode).toBe(403);
      expect(await identityCount(plain.sub)).toBe(0);

      provider.setUser(plain);
      const invited = await googleSignIn(inviteOnly, `/api/supabase/auth?pendingInvite=${code}`);
      expect(invited.done.statusCode).toBe(302);
      expect(new URL(invited.done.headers.location as string, 'http://x').pathname).toBe(`/join/${code}`);
      expect(await identityCount(plain.sub)).toBe(1);
      expect((await invited.browser.post(`/api/invite/${code}/join`)).statusCode).toBeLessThan(300);
    } finally {
      await inviteOnly.close();
    }
  });

  it('open (the default): a new subject gets an account', async () => {
    const fresh = newPerson();
    expect((await googleSignIn(one)).done.statusCode).toBe(302);
    expect(await identityCount(fresh.sub)).toBe(1);
  });
});

function oidcOf() {
  return { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret };
}

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DELETION_REFUSED, type AdminPeople, type AdminPerson } from '../../../shared/schemas/admin';
import type { SecurityEvent } from '../../../shared/schemas/sessions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { tracks, users } from '../../db/schema';

// Decision 0445: the instance admin's console. The route × role rows for /api/admin, then what each
// route does.

type Person = TestClient & { userId: string };
let t: TestApp;
let admin: Person;
let secondAdmin: Person;
let person: Person;
let demoNamedAdmin: Person;

beforeAll(async () => {
  t = await buildTestApp({
    config: { adminUsers: ['boss@example.com', 'deputy'], storageQuotaBytes: 1000 },
  });
  admin = await t.signedInClient({ email: 'Boss@Example.com', emailVerified: true, username: 'boss' });
  secondAdmin = await t.signedInClient({ username: 'Deputy' });
  person = await t.signedInClient({ username: 'plainperson', firstName: 'Plain', lastName: 'Person' });
  // Named, but a demo account: never an admin (anyone can get one).
  demoNamedAdmin = await t.signedInClient({
    username: 'deputy2',
    email: 'boss-demo@example.com',
    isDemo: true,
  });
  await t.db.update(users).set({ username: null }).where(eq(users.id, demoNamedAdmin.userId));
});
afterAll(async () => t.close());

const wav = makeWav(1);
const upload = (client: TestClient, name: string) =>
  client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: wav },
  );

/** One request per /api/admin route, with a body that would succeed for an admin. */
function adminRequests(
  targetId: string,
): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; route: string; body?: unknown }[] {
  return [
    { method: 'GET', url: '/api/admin/overview', route: '/api/admin/overview' },
    { method: 'GET', url: '/api/admin/people?q=plain', route: '/api/admin/people' },
    { method: 'GET', url: '/api/admin/jobs', route: '/api/admin/jobs' },
    {
      method: 'POST',
      url: `/api/admin/people/${targetId}/suspend`,
      route: '/api/admin/people/:id/suspend',
      body: { reason: 'Spam' },
    },
    {
      method: 'POST',
      url: `/api/admin/people/${targetId}/unsuspend`,
      route: '/api/admin/people/:id/unsuspend',
    },
    {
      method: 'PUT',
      url: `/api/admin/people/${targetId}/quota`,
      route: '/api/admin/people/:id/quota',
      body: { quotaBytes: null },
    },
    { method: 'POST', url: '/api/admin/tracks/2147483647/retry', route: '/api/admin/tracks/:trackId/retry' },
    { method: 'POST', url: '/api/admin/demo/sweep', route: '/api/admin/demo/sweep' },
    {
      method: 'DELETE',
      url: `/api/admin/people/${targetId}`,
      route: '/api/admin/people/:id',
      body: { confirm: 'nobody-typed-this' },
    },
    // The moderation queue (decision 0455); the actions name no report.
    { method: 'GET', url: '/api/admin/reports?state=open', route: '/api/admin/reports' },
    ...(['hide', 'dismiss', 'unhide'] as const).map((action) => ({
      method: 'POST' as const,
      url: `/api/admin/reports/2147483647/${action}`,
      route: `/api/admin/reports/:id/${action}`,
    })),
  ];
}

/** The routes that name nothing existing: an admin gets past the guard to a 404 of their own. */
const namesNothing = (route: string) => route.endsWith('retry') || route.startsWith('/api/admin/reports/:id');

describe('route × role: /api/admin', () => {
  it('covers every /api/admin route', () => {
    const registered = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(
      adminRequests('x')
        .map((r) => `${r.method} ${r.route}`)
        .sort(),
    ).toEqual(registered);
  });

  it('admins get in; a signed-in person, a demo account named in ADMIN_USERS and the signed out get 404', async () => {
    const target = await t.signedInClient({ username: 'matrixtarget' });
    const outsiders: [string, TestClient][] = [
      ['person', person],
      ['demo named as admin', demoNamedAdmin],
      ['signed out', t.client()],
    ];
    for (const request of adminRequests(target.userId)) {
      for (const [who, client] of outsiders) {
        const res = await client.request(request.method, request.url, { body: request.body });
        expect(res.statusCode, `${who} ${request.method} ${request.url}`).toBe(404);
        expect(res.json().message, `${who} ${request.url}`).toBe('Not found');
      }
      const res = await admin.request(request.method, request.url, { body: request.body });
      // The retry and report actions name nothing, and the delete's confirmation is wrong: the admin
      // got past the guard.
      const expected = namesNothing(request.route) ? 404 : request.method === 'DELETE' ? 400 : 200;
      expect(res.statusCode, `admin ${request.method} ${request.url}: ${res.body}`).toBe(expected);
      if (request.route.endsWith('retry')) expect(res.json().message).toBe('Track not found');
      if (request.route.startsWith('/api/admin/reports/:id'))
        expect(res.json().message).toBe('Report not found');
    }
  });

  it('refuses every admin change without the CSRF token (403), the admin included', async () => {
    const target = await t.signedInClient({ username: 'csrftarget' });
    for (const request of adminRequests(target.userId).filter((r) => r.method !== 'GET')) {
      const res = await admin.request(request.method, request.url, { body: request.body, csrf: false });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.userId));
    expect(row?.suspendedAt).toBeNull();
  });

  it('GET /api/auth/user says isAdmin to admins only (matched by email or username, any case; never a demo)', async () => {
    expect((await admin.get('/api/auth/user')).json().isAdmin).toBe(true);
    expect((await secondAdmin.get('/api/auth/user')).json().isAdmin).toBe(true);
    expect((await person.get('/api/auth/user')).json().isAdmin).toBe(false);
    expect((await demoNamedAdmin.get('/api/auth/user')).json().isAdmin).toBe(false);
  });
});

describe('people', () => {
  it('searches by name, username or email, with storage used, quota and suspension', async () => {
    expect((await upload(person, 'take')).statusCode).toBe(413); // over the 1000-byte default
    const byName = (await admin.get('/api/admin/people?q=plain%20pers')).json<AdminPeople>();
    expect(byName.people.map((p) => p.id)).toEqual([person.userId]);
    expect(byName).toMatchObject({ total: 1, page: 1, defaultQuotaBytes: 1000 });
    expect(byName.people[0]).toMatchObject({
      username: 'plainperson',
      usedBytes: 0,
      trackCount: 0,
      quotaBytes: null,
      suspendedAt: null,
      isAdmin: false,
    });
    const byEmail = (await admin.get('/api/admin/people?q=BOSS@example')).json<AdminPeople>();
    expect(byEmail.people.map((p) => p.id)).toContain(admin.userId);
    expect(byEmail.people.find((p) => p.id === admin.userId)?.isAdmin).toBe(true);
    // LIKE's wildcards are taken literally.
    expect((await admin.get('/api/admin/people?q=%25')).json<AdminPeople>().total).toBe(0);
    expect((await admin.get('/api/admin/people?page=0')).statusCode).toBe(400);
  });

  it('a quota override is what the upload honours; null gives the instance default back', async () => {
    const setQuota = (quotaBytes: number | null) =>
      admin.put(`/api/admin/people/${person.userId}/quota`, { quotaBytes });
    expect((await upload(person, 'refused')).statusCode).toBe(413);
    expect((await setQuota(0)).json<AdminPerson>().quotaBytes).toBe(0); // unlimited
    expect((await upload(person, 'first')).statusCode).toBe(201);
    const used = (await person.get('/api/user/storage')).json().usedBytes as number;
    expect((await person.get('/api/user/storage')).json().quotaBytes).toBeNull();
    expect((await setQuota(used + 10)).statusCode).toBe(200);
    expect((await person.get('/api/user/storage')).json().quotaBytes).toBe(used + 10);
    const refused = await upload(person, 'second');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/Storage quota exceeded/);
    expect((await setQuota(used * 3)).statusCode).toBe(200);
    expect((await upload(person, 'second')).statusCode).toBe(201);
    expect((await setQuota(null)).json<AdminPerson>()).toMatchObject({ quotaBytes: null, trackCount: 2 });
    expect((await upload(person, 'third')).statusCode).toBe(413);
    expect((await admin.put(`/api/admin/people/${person.userId}/quota`, { quotaBytes: -1 })).statusCode).toBe(
      400,
    );
    expect((await admin.put('/api/admin/people/u_nobody/quota', { quotaBytes: 5 })).statusCode).toBe(404);
    // Each change is in the person's own security log, newest first, the refused one not.
    const events = (await person.get('/api/user/security-events')).json<SecurityEvent[]>();
    expect(events.filter((e) => e.kind === 'quota_changed').map((e) => e.detail.quotaBytes)).toEqual([
      null,
      used * 3,
      used + 10,
      0,
    ]);
  });

  it('admins named by ADMIN_USERS, and oneself, cannot be suspended or deleted (409)', async () => {
    for (const id of [admin.userId, secondAdmin.userId]) {
      expect((await admin.post(`/api/admin/people/${id}/suspend`, { reason: 'x' })).statusCode).toBe(409);
      const username = id === admin.userId ? 'boss' : 'Deputy';
      const res = await admin.request('DELETE', `/api/admin/people/${id}`, { body: { confirm: username } });
      expect(res.statusCode).toBe(409);
    }
    expect(
      (await admin.post(`/api/admin/people/${person.userId}/suspend`, { reason: '  ' })).statusCode,
    ).toBe(400);
    expect((await admin.post('/api/admin/people/u_nobody/suspend', { reason: 'Spam' })).statusCode).toBe(404);
  });

  it('deletes through the account deletion path, once the username is typed', async () => {
    const doomed = await t.signedInClient({ username: 'Doomed' });
    expect((await upload(doomed, 'gone')).statusCode).toBe(413);
    await t.db.update(users).set({ quotaBytes: 0 }).where(eq(users.id, doomed.userId));
    expect((await upload(doomed, 'gone')).statusCode).toBe(201);
    const wrong = await admin.request('DELETE', `/api/admin/people/${doomed.userId}`, {
      body: { confirm: 'delete' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ADMIN_DELETION_REFUSED);
    const res = await admin.request('DELETE', `/api/admin/people/${doomed.userId}`, {
      body: { confirm: 'doomed' },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, doomed.userId))).toEqual([]);
    expect(await t.db.select().from(tracks).where(eq(tracks.userId, doomed.userId))).toEqual([]);
    // Their session ended with the account.
    expect((await doomed.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('media jobs, storage, demo accounts', () => {
  it('lists failed tracks with their reason and counts per queue and state; Retry queues the track again', async () => {
    const owner = await t.signedInClient({ username: 'jobowner', quotaBytes: 0 });
    const { id } = (await upload(owner, 'broken')).json() as { id: number };
    // Its processing failed for good: the track says why, its job is over.
    await t.db
      .update(tracks)
      .set({ processingState: 'failed', processingError: 'Not a file we can decode' })
      .where(eq(tracks.id, id));
    await t.db.execute(
      sql`update pgboss.job set state = 'failed' where name = 'process-track' and data->>'trackId' = ${String(id)}`,
    );

    const jobs = (await admin.get('/api/admin/jobs')).json();
    expect(jobs.failedTracks).toContainEqual(
      expect.objectContaining({
        trackId: id,
        name: 'broken',
        ownerName: 'jobowner',
        error: 'Not a file we can decode',
      }),
    );
    expect(jobs.counts).toContainEqual({
      queue: 'process-track',
      state: 'failed',
      count: expect.any(Number),
    });

    expect((await admin.post(`/api/admin/tracks/${id}/retry`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    expect(row).toMatchObject({ processingState: 'pending', processingError: null });
    const queued = (await t.db.execute(
      sql`select state from pgboss.job where name = 'process-track' and data->>'trackId' = ${String(id)} and state = 'created'`,
    )) as unknown as { rows: unknown[] };
    expect(queued.rows).toHaveLength(1);
    expect(
      (await admin.get('/api/admin/jobs')).json().failedTracks.map((f: { trackId: number }) => f.trackId),
    ).not.toContain(id);
    // Not failed (any more): 409.
    expect((await admin.post(`/api/admin/tracks/${id}/retry`)).statusCode).toBe(409);
    expect((await admin.post('/api/admin/tracks/abc/retry')).statusCode).toBe(400);
  });

  it('storage totals, people, live demo accounts and the sign-up mode; Sweep now removes expired demo accounts', async () => {
    const demo = await t.signedInClient({ isDemo: true });
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(users.id, demo.userId));
    const before = (await admin.get('/api/admin/overview')).json();
    expect(before).toMatchObject({ signup: 'open', demo: { enabled: true, ttlHours: 24 } });
    expect(before.demo.live).toBeGreaterThanOrEqual(2);
    const [sum] = await t.db.select({ bytes: sql<string>`coalesce(sum(${tracks.size}), 0)` }).from(tracks);
    expect(before.storage.originalsBytes).toBe(Number(sum?.bytes));
    expect(before.storage.originalsCount).toBeGreaterThan(0);

    const swept = await admin.post('/api/admin/demo/sweep');
    expect(swept.json()).toEqual({ removed: 1 });
    expect((await admin.get('/api/admin/overview')).json().demo.live).toBe(before.demo.live - 1);
  });
});

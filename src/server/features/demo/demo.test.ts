import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DISABLED_MESSAGE, DEMO_FULL_MESSAGE } from '../../../shared/constants';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, TestClient, testConfig } from '../../../test/build-test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { collectives, playlists, sessions, tracks, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';
import { DEMO_SESSIONS_PER_HOUR } from './demo.routes';
import { DEMO_MAX_LIVE_ACCOUNTS } from './demo.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

interface DemoVisitor {
  client: TestClient;
  id: string;
}

async function demoVisitor(app: TestApp = t): Promise<DemoVisitor> {
  const client = app.client();
  const res = await client.post('/api/auth/demo-session');
  expect(res.statusCode, res.body).toBe(200);
  client.resetCsrf();
  return { client, id: res.json().id };
}

/** Every file under DATA_DIR/files, as store keys ('tracks/…', 'images/…'). */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();

const ageAccount = (id: string, hours: number) =>
  t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(users.id, id));

describe('POST /api/auth/demo-session: one demo account per visitor', () => {
  it("keeps visitors out of each other's tracks", async () => {
    const a = await demoVisitor();
    const b = await demoVisitor();
    const aTracks = (await a.client.get('/api/tracks')).json() as { id: number; userId: string }[];
    const bTracks = (await b.client.get('/api/tracks')).json() as { id: number; userId: string }[];
    expect(aTracks.every((track) => track.userId === a.id)).toBe(true);
    expect(bTracks.every((track) => track.userId === b.id)).toBe(true);
    const target = aTracks[0]!.id;
    expect((await b.client.patch(`/api/tracks/${target}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/tracks/${target}`)).statusCode).toBe(404);
    const after = (await a.client.get('/api/tracks')).json() as { id: number; name: string }[];
    expect(after.map((x) => x.id)).toEqual(aTracks.map((x) => x.id));
  });

  it('pressing the button again while signed in keeps the same account and its session', async () => {
    const a = await demoVisitor();
    const sid = a.client.cookies.get(SESSION_COOKIE);
    const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
    const before = await countUsers();
    const again = await a.client.post('/api/auth/demo-session');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.id);
    expect(a.client.cookies.get(SESSION_COOKIE)).toBe(sid);
    expect(await countUsers()).toBe(before);
  });

  it('a signed-in real person asking for the demo gets a new demo account, not theirs marked demo', async () => {
    const real = await t.signedInClient();
    const res = await real.post('/api/auth/demo-session');
    expect(res.json()).toMatchObject({ claims: { isDemo: true } });
    expect(res.json().id).not.toBe(real.userId);
    const [row] = await t.db.select().from(users).where(eq(users.id, real.userId));
    expect(row?.isDemo).toBe(false);
  });

  it('a person holding the username "demo" does not break demo sign-in', async () => {
    const real = await t.signedInClient();
    expect((await real.patch('/api/user/profile', { username: 'demo' })).statusCode).toBe(200);
    const res = await t.client().post('/api/auth/demo-session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ claims: { isDemo: true } });
  });
});

describe('the sample content of a new demo account', () => {
  it('has playable tracks with notes and equipment, and a playlist holding them', async () => {
    const a = await demoVisitor();
    const list = (await a.client.get('/api/tracks')).json() as {
      id: number;
      name: string;
      notes: string | null;
      mimeType: string;
      duration: number | null;
      size: number;
      equipment: { name: string; category: string }[];
    }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const track of list) {
      expect(track.notes, track.name).toBeTruthy();
      expect(track.equipment.length, track.name).toBeGreaterThan(0);
      expect(track.mimeType).toBe('audio/wav');
      expect(track.duration).toBeGreaterThan(3);
      // Small: a few hundred KB at most per account.
      expect(track.size).toBeLessThan(300 * 1024);
    }
    expect(list.flatMap((x) => x.equipment).some((g) => g.category !== 'not defined')).toBe(true);

    const stream = await a.client.get(`/api/tracks/${list[0]!.id}/stream`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('audio/wav');
    expect(stream.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    // Not silence: real samples with some swing in them.
    const samples = new Int16Array(stream.rawPayload.buffer.slice(stream.rawPayload.byteOffset + 44));
    expect(Math.max(...samples.slice(0, 32_000).map(Math.abs))).toBeGreaterThan(5_000);

    const own = (await a.client.get('/api/playlists')).json() as { id: number }[];
    expect(own).toHaveLength(1);
    const detail = (await a.client.get(`/api/playlists/${own[0]!.id}`)).json() as {
      tracks: { id: number }[];
    };
    expect(detail.tracks.map((x) => x.id).sort()).toEqual(list.map((x) => x.id).sort());
  });

  it('keeps sample tracks off the shared equipment pages', async () => {
    const a = await demoVisitor();
    const [track] = (await a.client.get('/api/tracks')).json() as {
      shareToEquipmentPages: boolean;
      equipment: { id: number }[];
    }[];
    expect(track!.shareToEquipmentPages).toBe(false);
    const stranger = await t.signedInClient();
    const using = await stranger.get(`/api/equipment/${track!.equipment[0]!.id}/tracks`);
    expect(using.statusCode).toBe(200);
    expect(using.json()).toEqual([]);
  });
});

describe('expiry after DEMO_TTL_HOURS', () => {
  it('deletes an expired demo account with its rows, files and sessions; others are kept', async () => {
    const old = await demoVisitor();
    const fresh = await demoVisitor();
    const realOld = await t.signedInClient({ createdAt: new Date(Date.now() - 1000 * 3_600_000) });

    // Give the old account one of every kind of file an account can own.
    expect(
      (
        await old.client.upload(
          '/api/user/avatar',
          {},
          { field: 'avatar', name: 'me.png', type: 'image/png', data: await png() },
        )
      ).statusCode,
    ).toBe(200);
    const [playlist] = (await old.client.get('/api/playlists')).json() as { id: number }[];
    expect(
      (
        await old.client.upload(
          `/api/playlists/${playlist!.id}/image`,
          {},
          { field: 'image', name: 'c.png', type: 'image/png', data: await png() },
        )
      ).statusCode,
    ).toBe(200);
    const collective = await old.client.post('/api/collectives', { name: 'Short-lived club' });
    expect(collective.statusCode).toBe(201);
    expect(
      (
        await old.client.upload(
          `/api/collectives/${collective.json().id}/avatar`,
          {},
          { field: 'avatar', name: 'a.png', type: 'image/png', data: await png() },
        )
      ).statusCode,
    ).toBe(200);

    const filesOf = async (id: string) => {
      const [u] = await t.db.select().from(users).where(eq(users.id, id));
      const trackKeys = (await t.db.select().from(tracks).where(eq(tracks.userId, id))).map(
        (r) => r.filepath,
      );
      const images = [
        u?.avatarKey,
        ...(await t.db.select().from(playlists).where(eq(playlists.userId, id))).map((p) => p.imageKey),
        ...(await t.db.select().from(collectives).where(eq(collectives.ownerId, id))).map((c) => c.imageKey),
      ].filter((x): x is string => Boolean(x));
      const imageKeys = images.flatMap((base) => [`${base}-128.webp`, `${base}-256.webp`]);
      return [...trackKeys, ...imageKeys];
    };
    const oldFiles = await filesOf(old.id);
    const freshFiles = await filesOf(fresh.id);
    expect(oldFiles.length).toBe(3 + 2 * 3);
    expect(storedFiles(t.dataDir)).toEqual(expect.arrayContaining([...oldFiles, ...freshFiles]));

    await ageAccount(old.id, 24.5);
    expect(await t.app.sweepDemoAccounts()).toBeGreaterThanOrEqual(1);

    expect(await t.db.select().from(users).where(eq(users.id, old.id))).toHaveLength(0);
    expect(await t.db.select().from(tracks).where(eq(tracks.userId, old.id))).toHaveLength(0);
    expect(await t.db.select().from(playlists).where(eq(playlists.userId, old.id))).toHaveLength(0);
    expect(await t.db.select().from(collectives).where(eq(collectives.ownerId, old.id))).toHaveLength(0);
    await waitForBlobDeletions(t.db);
    const left = storedFiles(t.dataDir);
    for (const key of oldFiles) expect(left, key).not.toContain(key);
    for (const key of freshFiles) expect(left, key).toContain(key);

    // The expired visitor is signed out, and the session row is gone.
    const sid = old.client.cookies.get(SESSION_COOKIE)!.split('.')[0]!;
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
    expect((await old.client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await old.client.get('/api/tracks')).statusCode).toBe(401);

    // The fresh demo account and an old real account are untouched.
    expect((await fresh.client.get('/api/auth/user')).json()).toMatchObject({ id: fresh.id });
    expect((await realOld.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('an expired account is not reused by its browser: pressing the button gives a new one', async () => {
    const a = await demoVisitor();
    await ageAccount(a.id, 25);
    const again = await a.client.post('/api/auth/demo-session');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).not.toBe(a.id);
  });

  it('follows DEMO_TTL_HOURS', async () => {
    const a = await demoVisitor();
    await ageAccount(a.id, 2);
    const short = await buildApp({
      config: { ...testConfig({ demoTtlHours: 1 }), dataDir: t.dataDir },
      db: t.db,
      logger: false,
      sessionPruneIntervalMs: 0,
      demoSweepIntervalMs: 0,
    });
    try {
      await t.app.sweepDemoAccounts();
      expect(await t.db.select().from(users).where(eq(users.id, a.id))).toHaveLength(1);
      expect(await short.sweepDemoAccounts()).toBeGreaterThanOrEqual(1);
      expect(await t.db.select().from(users).where(eq(users.id, a.id))).toHaveLength(0);
    } finally {
      await short.close();
    }
  });

  it('is safe to run twice at once, and a file already gone is no error', async () => {
    const visitors = [await demoVisitor(), await demoVisitor(), await demoVisitor()];
    const ids = visitors.map((v) => v.id);
    const keys = (await t.db.select().from(tracks).where(inArray(tracks.userId, ids))).map((r) => r.filepath);
    rmSync(path.join(t.dataDir, 'files', keys[0]!));
    for (const id of ids) await ageAccount(id, 48);

    const [first, second] = await Promise.all([t.app.sweepDemoAccounts(), t.app.sweepDemoAccounts()]);
    expect(first + second).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(users).where(inArray(users.id, ids))).toHaveLength(0);
    await waitForBlobDeletions(t.db);
    const left = storedFiles(t.dataDir);
    for (const key of keys) expect(left).not.toContain(key);
    expect(await t.app.sweepDemoAccounts()).toBe(0);
  });

  it('runs by itself when the app starts', async () => {
    const database = await createTestDatabase();
    const config = testConfig();
    try {
      await database.db.insert(users).values({
        id: 'demo-left-over',
        isDemo: true,
        createdAt: new Date(Date.now() - 48 * 3_600_000),
      });
      const app = await buildApp({ config, db: database.db, logger: false, sessionPruneIntervalMs: 0 });
      await app.ready();
      expect(await database.db.select().from(users).where(eq(users.id, 'demo-left-over'))).toHaveLength(0);
      await app.close();
    } finally {
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('DEMO_ENABLED', () => {
  it('is on by default and said so by GET /api/auth/config', async () => {
    expect((await t.client().get('/api/auth/config')).json()).toEqual({
      googleEnabled: false,
      demoEnabled: true,
    });
  });

  it('off: the config says so and demo-session refuses with 403, creating nothing', async () => {
    const off = await buildTestApp({ config: { demoEnabled: false } });
    try {
      expect((await off.client().get('/api/auth/config')).json()).toEqual({
        googleEnabled: false,
        demoEnabled: false,
      });
      const client = off.client();
      const res = await client.post('/api/auth/demo-session');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: DEMO_DISABLED_MESSAGE });
      expect(await off.db.select().from(users)).toHaveLength(0);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
      const page = await off.client().get('/api/supabase/auth');
      expect(page.body).not.toContain('demo user');
    } finally {
      await off.close();
    }
  });
});

describe('bounds on creating demo accounts', () => {
  it(`allows ${DEMO_SESSIONS_PER_HOUR} demo sessions per address per hour`, async () => {
    const database = await createTestDatabase();
    const config = testConfig();
    const app = await buildApp({
      config,
      db: database.db,
      logger: false,
      sessionPruneIntervalMs: 0,
      demoSweepIntervalMs: 0,
    });
    try {
      // One browser pressing again and again: the first press makes the account, later ones reuse
      // it, and every press counts against the address.
      const browser = new TestClient(app);
      for (let i = 0; i < DEMO_SESSIONS_PER_HOUR; i++) {
        expect((await browser.post('/api/auth/demo-session')).statusCode).toBe(200);
        browser.resetCsrf(); // sign-in starts a new session, with a new CSRF secret
      }
      const limited = await new TestClient(app).post('/api/auth/demo-session');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it(`refuses with 503 while ${DEMO_MAX_LIVE_ACCOUNTS} demo accounts are live; expired ones do not count`, async () => {
    const capped = await buildTestApp();
    try {
      const live = Array.from({ length: DEMO_MAX_LIVE_ACCOUNTS }, (_, i) => ({
        id: `demo-filler-${i}`,
        isDemo: true,
      }));
      await capped.db.insert(users).values(live);
      const res = await capped.client().post('/api/auth/demo-session');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(DEMO_FULL_MESSAGE);
      await capped.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(users.id, 'demo-filler-0'));
      expect((await capped.client().post('/api/auth/demo-session')).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

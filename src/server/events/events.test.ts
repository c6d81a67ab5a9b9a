import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { type EventStreamClient, openEventStream } from '../../test/event-stream';
import { testDatabaseKind } from '../../test/test-database';
import { collectiveMembers, presence } from '../db/schema';

// Two instances on one database: on PostgreSQL (TEST_DATABASE_URL) each has its own LISTEN
// connection, so an event crossing from one to the other proves the cluster case; on PGlite both
// listen on the one in-process database through the same code.
let one: TestApp;
let two: TestApp;
type Person = TestClient & { userId: string };
let owner: Person;
let member: Person;
let stranger: Person;
const open: EventStreamClient[] = [];

const stream = async (person: Person, app: TestApp = one) => {
  const s = await openEventStream(app.app, { cookie: person.cookieHeader() });
  open.push(s);
  return s;
};
/** The same person through the other instance (a session there, as a balancer would route it). */
const on = (app: TestApp, person: Person) => app.signedInAs(person.userId);

beforeAll(async () => {
  one = await buildTestApp();
  two = await buildTestApp({ sharedDatabase: one.database });
  owner = await one.signedInClient({ username: 'owner' });
  member = await one.signedInClient({ username: 'member' });
  stranger = await one.signedInClient({ username: 'stranger' });
});
// Every test starts with nobody online: the streams it opened are closed and their rows gone.
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all([one, two].map((t) => t.app.liveEvents.presence.settled()));
});
afterAll(async () => {
  await two.close();
  await one.close();
});

async function collectiveWithSharedPlaylist() {
  const collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id as number;
  await one.db.insert(collectiveMembers).values({ collectiveId, userId: member.userId });
  const playlistId = (await owner.post('/api/playlists', { name: 'Dub' })).json().id as number;
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  return { collectiveId, playlistId };
}

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    const s = await stream({ cookieHeader: () => '' } as Person);
    expect(s.status).toBe(401);
    await s.close();
    expect(JSON.parse(s.body())).toMatchObject({ statusCode: 401 });
  });

  it('streams uncompressed server-sent events, telling the browser when to reconnect', async () => {
    const s = await openEventStream(one.app, {
      cookie: owner.cookieHeader(),
      headers: { 'accept-encoding': 'gzip, br' },
    });
    open.push(s);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toContain('no-cache');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['content-encoding']).toBeUndefined();
    // The app's security headers are kept although the reply is written by hand.
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    await s.next('ready');
    expect(s.frames[0]).toEqual({ retry: 3000 });
    await s.close();
  });

  it('sends heartbeat comments so proxies keep a quiet stream open', async () => {
    const quick = await buildTestApp({ sharedDatabase: one.database, liveEvents: { streamHeartbeatMs: 50 } });
    try {
      const s = await openEventStream(quick.app, { cookie: (await on(quick, owner)).cookieHeader() });
      await s.next('ready');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(s.frames.filter((f) => 'comment' in f).length).toBeGreaterThanOrEqual(2);
      await s.close();
    } finally {
      await quick.close();
    }
  });

  it('is not counted by the per-minute limit', async () => {
    const limited = await buildTestApp({ sharedDatabase: one.database, rateLimits: { any: 2 } });
    try {
      const person = await on(limited, owner);
      for (let i = 0; i < 4; i++) {
        const s = await openEventStream(limited.app, { cookie: person.cookieHeader() });
        expect(s.status).toBe(200);
        await s.close();
      }
    } finally {
      await limited.close();
    }
  });
});

describe('changes made on another instance', () => {
  it('reach the members of the collective, and no one else', async () => {
    const { collectiveId, playlistId } = await collectiveWithSharedPlaylist();
    const ownerStream = await stream(owner);
    const strangerStream = await stream(stranger);
    await Promise.all([ownerStream.next('ready'), strangerStream.next('ready')]);

    const memberOnTwo = await on(two, member);
    const res = await memberOnTwo.post(`/api/collectives/${collectiveId}/playlists/${playlistId}/comments`, {
      content: 'Heavy bassline',
    });
    expect(res.statusCode).toBe(201);
    const got = await ownerStream.next('comment', (d) => d.comment.id === res.json().id);
    expect(got).toEqual({ collectiveId, playlistId, comment: res.json() });

    await one.app.liveEvents.delivery.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerStream.events().filter((e) => e.event !== 'ready')).toEqual([]);
  });

  it('announce sharing, unsharing and members joining', async () => {
    const { collectiveId, playlistId } = await collectiveWithSharedPlaylist();
    const memberStream = await stream(member);
    const ownerStream = await stream(owner);
    await Promise.all([memberStream.next('ready'), ownerStream.next('ready')]);
    const ownerOnTwo = await on(two, owner);

    await ownerOnTwo.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [] });
    expect(await memberStream.next('share', (d) => d.change === 'unshared')).toEqual({
      collectiveId,
      playlistId,
      change: 'unshared',
    });
    await ownerOnTwo.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
    await memberStream.next('share', (d) => d.change === 'shared' && d.playlistId === playlistId);

    const link = (
      await ownerOnTwo.post(`/api/collectives/${collectiveId}/invite-links`, { type: 'single' })
    ).json();
    const joiner = await two.signedInClient({ username: 'joiner' });
    expect((await joiner.post(`/api/invite/${link.code}/join`)).statusCode).toBe(200);
    expect(await ownerStream.next('member', (d) => d.userId === joiner.userId)).toEqual({
      collectiveId,
      userId: joiner.userId,
      change: 'joined',
    });
  });

  it('stop for a person removed from the collective', async () => {
    const { collectiveId, playlistId } = await collectiveWithSharedPlaylist();
    const memberStream = await stream(member);
    const ownerStream = await stream(owner);
    await Promise.all([memberStream.next('ready'), ownerStream.next('ready')]);

    await two.db.execute(
      sql`delete from collective_members where collective_id = ${collectiveId} and user_id = ${member.userId}`,
    );
    // Told themselves (their browser drops the collective), and so are the others.
    await memberStream.next('member', (d) => d.collectiveId === collectiveId && d.change === 'left');
    await ownerStream.next('member', (d) => d.userId === member.userId && d.change === 'left');

    const res = await (await on(two, owner)).post(
      `/api/collectives/${collectiveId}/playlists/${playlistId}/comments`,
      { content: 'Only members hear this' },
    );
    await ownerStream.next('comment', (d) => d.comment.id === res.json().id);
    await one.app.liveEvents.delivery.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      memberStream.events().filter((e) => e.event === 'comment' && e.data.collectiveId === collectiveId),
    ).toEqual([]);
  });
});

describe('presence', () => {
  const membersOf = async (collectiveId: number) =>
    (await owner.get(`/api/collectives/${collectiveId}/members`)).json() as {
      userId: string;
      online: boolean;
    }[];
  const onlineIn = async (collectiveId: number) =>
    Object.fromEntries((await membersOf(collectiveId)).map((m) => [m.userId, m.online]));

  it('shows a member online while they have a stream on any instance, live', async () => {
    const { collectiveId } = await collectiveWithSharedPlaylist();
    const ownerStream = await stream(owner);
    await ownerStream.next('ready');
    expect(await onlineIn(collectiveId)).toEqual({ [owner.userId]: true, [member.userId]: false });

    // Two tabs on the other instance: online with the first, still online when one closes.
    const tab1 = await stream(await on(two, member), two);
    await ownerStream.next('presence', (d) => d.userId === member.userId && d.online);
    const tab2 = await stream(await on(two, member), two);
    await tab2.next('ready');
    expect(await onlineIn(collectiveId)).toEqual({ [owner.userId]: true, [member.userId]: true });
    await tab1.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await onlineIn(collectiveId))[member.userId]).toBe(true);

    await tab2.close();
    await ownerStream.next('presence', (d) => d.userId === member.userId && !d.online);
    expect(await onlineIn(collectiveId)).toEqual({ [owner.userId]: true, [member.userId]: false });
    // A stranger's presence is nobody's business here.
    const strangerStream = await stream(stranger, two);
    await strangerStream.next('ready');
    await one.app.liveEvents.delivery.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      ownerStream.events().some((e) => e.event === 'presence' && e.data.userId === stranger.userId),
    ).toBe(false);
    await strangerStream.close();
  });

  it('lets an instance that died without a goodbye expire', async () => {
    const { collectiveId } = await collectiveWithSharedPlaylist();
    const ownerStream = await stream(owner);
    await ownerStream.next('ready');
    // What a killed instance leaves: a row nobody refreshes.
    await one.db.insert(presence).values({ userId: member.userId, instanceId: 'dead', streams: 1 });
    await ownerStream.next('presence', (d) => d.userId === member.userId && d.online);
    expect((await onlineIn(collectiveId))[member.userId]).toBe(true);
    await one.db.execute(
      sql`update presence set last_seen = now() - interval '2 minutes' where instance_id = 'dead'`,
    );
    expect((await onlineIn(collectiveId))[member.userId]).toBe(false);
    await two.app.liveEvents.presence.heartbeat();
    await ownerStream.next('presence', (d) => d.userId === member.userId && !d.online);
    expect(await one.db.select().from(presence).where(sql`instance_id = 'dead'`)).toEqual([]);
  });

  it('has each instance re-assert its rows on its heartbeat (one swept during an outage comes back)', async () => {
    await collectiveWithSharedPlaylist();
    const ownerStream = await stream(owner);
    const memberStream = await stream(await on(two, member), two);
    await Promise.all([ownerStream.next('ready'), memberStream.next('ready')]);
    await one.db.execute(sql`delete from presence where user_id = ${member.userId}`);
    await ownerStream.next('presence', (d) => d.userId === member.userId && !d.online);
    await two.app.liveEvents.presence.heartbeat();
    await ownerStream.next('presence', (d) => d.userId === member.userId && d.online);
    const rows = await one.db.select().from(presence).where(sql`user_id = ${member.userId}`);
    expect(rows).toEqual([
      expect.objectContaining({ instanceId: two.app.liveEvents.instanceId, streams: 1 }),
    ]);
  });

  it('ends its streams and takes its presence away when an instance closes', async () => {
    const { collectiveId } = await collectiveWithSharedPlaylist();
    const ownerStream = await stream(owner);
    await ownerStream.next('ready');
    const third = await buildTestApp({ sharedDatabase: one.database });
    const memberStream = await openEventStream(third.app, {
      cookie: (await on(third, member)).cookieHeader(),
    });
    await ownerStream.next('presence', (d) => d.userId === member.userId && d.online);
    await memberStream.next('ready');

    await third.close(); // would hang on the open stream if it were not ended
    await ownerStream.next('presence', (d) => d.userId === member.userId && !d.online);
    expect((await onlineIn(collectiveId))[member.userId]).toBe(false);
    expect(
      await one.db.select().from(presence).where(sql`instance_id = ${third.app.liveEvents.instanceId}`),
    ).toEqual([]);
  });
});

describe('the PostgreSQL listener', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'reconnects after its connection is killed, telling browsers to refetch what they missed',
    async () => {
      const { collectiveId, playlistId } = await collectiveWithSharedPlaylist();
      const ownerStream = await stream(owner);
      await ownerStream.next('ready');
      const killed = await one.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query ilike 'LISTEN%'`,
      );
      const { rows } = killed as unknown as { rows: unknown[] };
      expect(rows.length).toBe(2); // one listening connection per instance
      await ownerStream.next('resync', undefined, 10_000);
      const res = await (await on(two, member)).post(
        `/api/collectives/${collectiveId}/playlists/${playlistId}/comments`,
        { content: 'Still live' },
      );
      await ownerStream.next('comment', (d) => d.comment.id === res.json().id);
    },
  );
});

it(`runs on ${testDatabaseKind()}`, () => expect(['pglite', 'postgres']).toContain(testDatabaseKind()));

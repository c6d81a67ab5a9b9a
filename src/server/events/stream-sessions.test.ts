import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, TestClient } from '../../test/build-test-app';
import { type EventStreamClient, openEventStream } from '../../test/event-stream';
import { collectiveMembers, sessions } from '../db/schema';
import { SESSION_COOKIE } from '../plugins/session';
import { MAX_STREAMS_PER_PERSON } from './events.routes';

// Decisions 0240-0241: a stream lives no longer than the session it was opened with, wherever that
// session ends, and one person cannot hold more than MAX_STREAMS_PER_PERSON on an instance.
// Two instances on one database (on PostgreSQL each LISTENs on its own connection).
let one: TestApp;
let two: TestApp;
type Person = TestClient & { userId: string };
const open: EventStreamClient[] = [];

const stream = async (person: Person, app: TestApp = one) => {
  const s = await openEventStream(app.app, { cookie: person.cookieHeader() });
  open.push(s);
  await s.next('ready');
  return s;
};
/** The same browser (same session cookie) talking to another instance, as a balancer would send it. */
const sameSessionOn = (app: TestApp, person: Person) => {
  const client = new TestClient(app.app);
  client.cookies.set(SESSION_COOKIE, person.cookies.get(SESSION_COOKIE) ?? '');
  return client;
};
/** The session id inside a person's signed cookie (`<sid>.<signature>`). */
const sidOf = (person: Person) => {
  const cookie = decodeURIComponent(person.cookies.get(SESSION_COOKIE) ?? '');
  return cookie.slice(0, cookie.lastIndexOf('.'));
};

beforeAll(async () => {
  one = await buildTestApp();
  two = await buildTestApp({ sharedDatabase: one.database });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  await Promise.all([one, two].map((t) => t.app.liveEvents.presence.settled()));
});
afterAll(async () => {
  await two.close();
  await one.close();
});

async function collectiveOf(owner: Person, member: Person) {
  const collectiveId = (await owner.post('/api/collectives', { name: 'Crew' })).json().id as number;
  await one.db.insert(collectiveMembers).values({ collectiveId, userId: member.userId });
  const playlistId = (await owner.post('/api/playlists', { name: 'Dub' })).json().id as number;
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  return { collectiveId, playlistId };
}

describe('a stream ends with its session', () => {
  it('signing out closes the stream opened before, which hears nothing of the collective after', async () => {
    const owner = await one.signedInClient({ username: 'so_owner' });
    const member = await one.signedInClient({ username: 'so_member' });
    const { collectiveId, playlistId } = await collectiveOf(owner, member);
    const memberStream = await stream(member);
    const ownerStream = await stream(owner);

    expect((await member.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await memberStream.next('streamClosed')).toEqual({ reason: 'sessionEnded' });
    await memberStream.untilEnded();

    const comment = await owner.post(`/api/collectives/${collectiveId}/playlists/${playlistId}/comments`, {
      content: 'After you left',
    });
    expect(comment.statusCode).toBe(201);
    await ownerStream.next('comment', (d) => d.comment.id === comment.json().id);
    expect(memberStream.events().map((e) => e.event)).not.toContain('comment');
    // The owner's own stream, another session, stays open.
    expect(ownerStream.events().map((e) => e.event)).not.toContain('streamClosed');
  });

  it('signing out through another instance closes the stream on this one', async () => {
    const person = await one.signedInClient({ username: 'so_elsewhere' });
    const here = await stream(person, one);
    expect((await sameSessionOn(two, person).post('/api/auth/logout')).statusCode).toBe(200);
    expect(await here.next('streamClosed')).toEqual({ reason: 'sessionEnded' });
    await here.untilEnded();
  });

  it('a session revoked in the database (row deleted by hand) closes its streams at once', async () => {
    const person = await one.signedInClient({ username: 'so_revoked' });
    const other = await one.signedInAs(person.userId); // the same person in a second browser
    const revoked = await stream(person, two);
    const kept = await stream(other, two);
    await one.db.delete(sessions).where(eq(sessions.sid, sidOf(person)));
    await revoked.untilEnded();
    expect(kept.events().map((e) => e.event)).not.toContain('streamClosed');
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('an expired session is found by the periodic check and its stream closed', async () => {
    const checking = await buildTestApp({
      sharedDatabase: one.database,
      liveEvents: { sessionCheckMs: 100 },
    });
    try {
      const person = await one.signedInClient({ username: 'so_expired' });
      const s = await stream(person, checking);
      // Expiry deletes no row (pruning comes later), so no bus message: only the re-check sees it.
      await one.db
        .update(sessions)
        .set({ expire: sql`now() - interval '1 second'` })
        .where(eq(sessions.sid, sidOf(person)));
      expect(await s.next('streamClosed', undefined, 5_000)).toEqual({ reason: 'sessionEnded' });
      await s.untilEnded();
    } finally {
      await checking.close();
    }
  });

  it('a sign-out on another instance is seen here at once, not after the access cache expires', async () => {
    const cached = await buildTestApp({ sharedDatabase: one.database, config: { accessCacheSeconds: 10 } });
    try {
      const person = await one.signedInClient({ username: 'so_cached' });
      const onCached = sameSessionOn(cached, person);
      expect((await onCached.get('/api/auth/user')).statusCode).toBe(200); // now cached there
      const s = await stream(person, cached);
      expect((await sameSessionOn(two, person).post('/api/auth/logout')).statusCode).toBe(200);
      await s.untilEnded();
      expect((await onCached.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });
});

describe('streams per person', () => {
  it(`keeps at most ${MAX_STREAMS_PER_PERSON} on an instance: the oldest closes when one more opens`, async () => {
    const person = await one.signedInClient({ username: 'so_many_tabs' });
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_PERSON; i++) streams.push(await stream(person));
    const newest = await stream(person);
    const [oldest, ...rest] = streams;
    expect(await oldest!.next('streamClosed')).toEqual({ reason: 'tooManyStreams' });
    await oldest!.untilEnded();
    for (const s of [...rest, newest]) expect(s.events().map((e) => e.event)).not.toContain('streamClosed');
    // Someone else's streams are not counted against them.
    const other = await one.signedInClient({ username: 'so_one_tab' });
    const theirs = await stream(other);
    expect(theirs.events().map((e) => e.event)).toEqual(['ready']);
  });
});

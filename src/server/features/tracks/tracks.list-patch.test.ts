import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { testDatabaseKind } from '../../../test/test-database';
import { routeOfThisWork } from '../../db/route-shares';
import { tracks, users } from '../../db/schema';
import { ownTracksJson } from './track-list.query';

// Decision 0490: after a change the cached journal list is patched: only the changed tracks' JSON
// is made again, and the journal's revision comes from memory, told by the database (issue 48).

type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
});

async function upload(name: string): Promise<Track> {
  const res = await alice.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  return res.json<Track>();
}

const wholeListQuery = (q: string) => q.includes('with tags as');
/** The tracks changed since a revision (journal_changed_tracks, decision 0902; after a removal, inline). */
const changesQuery = (q: string) => q.includes('journal_changed_tracks(') || q.includes('list_revision >');
/** Every id of the journal in order: read once after a track left it. */
const everyIdQuery = (q: string) => q.includes('string_agg');

/** The list as served now (its body), asked for in `sort`. */
async function listNow(sort: 'dateUploaded' | 'dateCreated') {
  const res = await alice.get(sort === 'dateUploaded' ? '/api/tracks' : `/api/tracks?sort=${sort}`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The list as served next, the queries it ran, and the proof it is the database's list. */
async function listAfterChange(sort: 'dateUploaded' | 'dateCreated' = 'dateUploaded') {
  t.queries.length = 0;
  const body = await listNow(sort);
  const queries = [...t.queries];
  expect(body).toBe(await ownTracksJson(t.db, alice.userId, sort));
  return { list: JSON.parse(body) as Track[], queries };
}

describe('the cached journal list after a change', () => {
  it('reads only what changed: an edit, an upload, tagging, a deletion, in both sorts', async () => {
    const takes: Track[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) takes.push(await upload(name));
    for (const sort of ['dateUploaded', 'dateCreated'] as const) {
      const first = await listAfterChange(sort);
      expect(first.queries.some(wholeListQuery)).toBe(true); // nothing held yet: read whole
    }
    const changes: [string, () => Promise<unknown>][] = [
      ['edit', () => alice.patch(`/api/tracks/${takes[1]!.id}`, { name: 'Renamed', notes: 'new notes' })],
      ['upload', () => upload('Five')],
      [
        'tag',
        async () => {
          const equipment = (await alice.post('/api/equipment', { name: 'MS-20' })).json<{ id: number }>();
          await alice.post(`/api/tracks/${takes[2]!.id}/equipment`, { equipmentTagId: equipment.id });
        },
      ],
      ['delete', () => alice.delete(`/api/tracks/${takes[0]!.id}`)],
    ];
    for (const [what, change] of changes) {
      // Counted from before the write: it brings the held lists up to date as its reply leaves
      // (decision 0908), and each list asked for after it waits for that read if it is under way.
      t.queries.length = 0;
      await change();
      const bodies = {
        dateUploaded: await listNow('dateUploaded'),
        dateCreated: await listNow('dateCreated'),
      };
      const queries = [...t.queries];
      // The change's write and the lists asked after it read, in each sort, only the changed tracks,
      // once; a deletion (not among them) adds one read of every id.
      expect(queries.some(wholeListQuery), `${what}: the whole list read again`).toBe(false);
      expect(queries.filter(everyIdQuery), what).toHaveLength(what === 'delete' ? 2 : 0);
      expect(queries.filter(changesQuery), what).toHaveLength(what === 'delete' ? 4 : 2);
      for (const [sort, body] of Object.entries(bodies))
        expect(body, `${what}, ${sort}`).toBe(await ownTracksJson(t.db, alice.userId, sort as 'dateCreated'));
    }
    const { list } = await listAfterChange();
    expect(list.map((x) => x.name)).toEqual(['Five', 'Four', 'Three', 'Renamed']);
    expect(list.find((x) => x.name === 'Three')!.equipment.map((e) => e.name)).toEqual(['MS-20']);
  });

  it('makes JSON only for the changed track: the others are the bytes already held', async () => {
    for (const name of ['One', 'Two', 'Three']) await upload(name);
    await listAfterChange();
    // Written behind the cache's back without renewing list_revision is impossible (the trigger
    // renews it on every update), so a row's JSON can only be reused while its revision stands.
    const [two] = await t.db.select().from(tracks).where(eq(tracks.name, 'Two'));
    const before = two!.listRevision;
    await t.db.execute(sql`update tracks set notes = 'changed' where id = ${two!.id}`);
    const [after] = await t.db.select().from(tracks).where(eq(tracks.id, two!.id));
    expect(after!.listRevision).toBeGreaterThan(before);
    const { list } = await listAfterChange();
    expect(list.find((x) => x.name === 'Two')!.notes).toBe('changed');
  });

  it("is brought to a write's revision as the write's reply leaves, for lists held only (decision 0908)", async () => {
    const uploadAs = async (client: Client, name: string) => {
      const file = { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) };
      const res = await client.upload('/api/tracks', { name }, file);
      expect(res.statusCode).toBe(201);
      return res.json<Track>();
    };
    // Someone new, so that only the list asked for below is held for them.
    const carol = await t.signedInClient();
    const one = await uploadAs(carol, 'One');
    await uploadAs(carol, 'Two');
    expect((await carol.get('/api/tracks')).statusCode).toBe(200); // held in the upload order only
    t.queries.length = 0;
    expect((await carol.patch(`/api/tracks/${one.id}`, { name: 'One renamed' })).statusCode).toBe(200);
    // Read for the held order without any list asked for; the other order is not held: not read.
    await vi.waitFor(() => expect(t.queries.filter(changesQuery)).toHaveLength(1));
    t.queries.length = 0;
    const res = await carol.get('/api/tracks');
    // This app reads the session every time (no access cache here); nothing of the list is read.
    expect(t.queries.filter((q) => !q.includes('from "sessions"'))).toEqual([]);
    expect(res.body).toBe(await ownTracksJson(t.db, carol.userId, 'dateUploaded'));
    expect(res.json<Track[]>().map((x) => x.name)).toEqual(['Two', 'One renamed']);
    t.queries.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.queries.filter(changesQuery), 'the other order was read').toEqual([]);

    // Someone holding no list: their writes read no list.
    const dan = await t.signedInClient();
    const theirs = await uploadAs(dan, 'Theirs');
    t.queries.length = 0;
    expect((await dan.patch(`/api/tracks/${theirs.id}`, { name: 'Renamed' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.queries.filter((q) => changesQuery(q) || wholeListQuery(q))).toEqual([]);
  });

  it("brings a held first page (?limit) to a write's revision the same way (decision 0916)", async () => {
    const erin = await t.signedInClient();
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const file = { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) };
      const res = await erin.upload('/api/tracks', { name }, file);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<Track>().id);
    }
    const firstPage = () => erin.get('/api/tracks?limit=2');
    expect((await firstPage()).statusCode).toBe(200);
    t.queries.length = 0;
    expect((await erin.patch(`/api/tracks/${ids[2]}`, { name: 'Three renamed' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.queries.filter(changesQuery)).toHaveLength(1));
    t.queries.length = 0;
    const res = await firstPage();
    expect(t.queries.filter((q) => !q.includes('from "sessions"'))).toEqual([]);
    expect(res.json<{ items: Track[]; all: number }>().items.map((x) => x.name)).toEqual([
      'Three renamed',
      'Two',
    ]);
    expect(res.json<{ all: number }>().all).toBe(3);
  });

  it("reads for the list's renewal in the list's share of the pool, not the write's (decision 0942)", async () => {
    const fay = await t.signedInClient();
    const file = { field: 'audio', name: 'One.wav', type: 'audio/wav', data: makeWav(1) };
    const one = (await fay.upload('/api/tracks', { name: 'One' }, file)).json<Track>();
    expect((await fay.get('/api/tracks')).statusCode).toBe(200);
    expect((await fay.get('/api/tracks?limit=2')).statusCode).toBe(200);
    // Whose work each read of what changed is, as the pool's route shares count it.
    const routes: (string | undefined)[] = [];
    const stop = t.database.watchStatements((q) => {
      if (changesQuery(q)) routes.push(routeOfThisWork());
    });
    try {
      expect((await fay.patch(`/api/tracks/${one.id}`, { name: 'One renamed' })).statusCode).toBe(200);
      // The whole list and the first page, each renewed once as the write's reply left.
      await vi.waitFor(() => expect(routes).toHaveLength(2));
    } finally {
      stop();
    }
    expect(routes).toEqual(['GET /api/tracks', 'GET /api/tracks']);
  });
});

describe('the journal revision', () => {
  it('costs no query of its own: read with the session, else held in memory', async () => {
    const revisionRead = (q: string) => q.startsWith('select "journal_revision" from');
    await upload('One');
    await alice.get('/api/tracks');
    t.queries.length = 0;
    expect((await alice.get('/api/tracks')).statusCode).toBe(200);
    // The session was read by this request (no access cache here): its user row is current.
    expect(t.queries.filter(revisionRead)).toHaveLength(0);
    expect(t.queries.some((q) => q.includes('"sessions"'))).toBe(true);

    const cached = await buildTestApp({ sharedDatabase: t.database, config: { accessCacheSeconds: 60 } });
    try {
      const client = await cached.signedInAs(alice.userId);
      await client.get('/api/tracks');
      await client.get('/api/tracks');
      const patched = await alice.patch(`/api/tracks/${(await upload('Two')).id}`, { name: 'Two renamed' });
      // The write's reply names the revision after it; sent back, the other instance answers a list
      // at least that new, whether or not it has heard the database's announcement yet.
      const token = Number(patched.headers['x-journal-revision']);
      expect(token).toBe(await revisionOf(alice.userId));
      const res = await client.get('/api/tracks', { 'x-journal-revision': String(token) });
      expect(res.body).toBe(await ownTracksJson(t.db, alice.userId, 'dateUploaded'));
      expect(res.json<Track[]>()[0]!.name).toBe('Two renamed');
      // Once heard, an unchanged list costs no query at all on either database (issue 48).
      await vi.waitFor(() => expect(cached.app.journalRevisions.known(alice.userId)).toBe(token));
      cached.queries.length = 0;
      const again = await client.get('/api/tracks');
      expect(cached.queries).toEqual([]);
      expect(again.body).toBe(res.body);
    } finally {
      await cached.close();
    }
  });

  it('is replaced as the database announces it, and forgotten with the account', async () => {
    const revisions = t.app.journalRevisions;
    expect(revisions.isListening).toBe(true);
    const bob = await t.signedInClient();
    const heard = (revision: number | undefined) =>
      vi.waitFor(() => expect(revisions.known(bob.userId)).toBe(revision));
    expect(await revisions.current(bob.userId)).toBe(await revisionOf(bob.userId));
    // A write in a transaction (as a job's): announced at its commit (on PGlite before it returns).
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`update users set journal_revision = nextval('journal_revision_seq') where id = ${bob.userId}`,
      );
    });
    const renewed = await revisionOf(bob.userId);
    if (testDatabaseKind() === 'pglite') expect(revisions.known(bob.userId)).toBe(renewed);
    await heard(renewed);
    t.queries.length = 0;
    expect(await revisions.current(bob.userId)).toBe(renewed);
    expect(t.queries).toHaveLength(0);
    // A token above what is held is read, once.
    expect(await revisions.current(bob.userId, renewed! + 1)).toBe(renewed);
    expect(t.queries).toHaveLength(1);
    // A rolled-back write is never announced.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update users set journal_revision = nextval('journal_revision_seq') where id = ${bob.userId}`,
        );
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await revisions.current(bob.userId)).toBe(renewed);
    await t.db.delete(users).where(eq(users.id, bob.userId));
    await heard(undefined);
    expect(await revisions.current(bob.userId)).toBeUndefined();
  });
});

async function revisionOf(userId: string): Promise<number | undefined> {
  return (await t.db.select({ r: users.journalRevision }).from(users).where(eq(users.id, userId)))[0]?.r;
}

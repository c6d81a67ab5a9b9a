import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database';
import type { Database, DatabaseHandle } from './client';
import * as s from './schema';

// Migration 0040's play state tables (issue 46, decision 0780): every row goes with its person and
// with its track, and the checks keep ratings and positions in range whatever writes them.

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => handle.close());

const rowsIn = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
const TABLES = [s.playQueues, s.playQueueEntries, s.bookmarks, s.trackRatings, s.libraryRatings];

/** u2's queue, bookmark and ratings of u1's track, album and artist. */
async function seed() {
  await db.insert(s.users).values([
    { id: 'u1', email: 'u1@example.com' },
    { id: 'u2', email: 'u2@example.com' },
  ]);
  const [track] = await db
    .insert(s.tracks)
    .values({
      userId: 'u1',
      name: 't',
      filename: 't.wav',
      filepath: 'x/t.wav',
      mimeType: 'audio/wav',
      size: 10,
    })
    .returning();
  const trackId = track!.id;
  await db.insert(s.playQueues).values({ userId: 'u2', currentIndex: 1, positionMs: 5, changedBy: 'app' });
  await db.insert(s.playQueueEntries).values([
    { userId: 'u2', position: 0, trackId },
    { userId: 'u2', position: 1, trackId },
  ]);
  await db.insert(s.bookmarks).values({ userId: 'u2', trackId, positionMs: 10 });
  await db.insert(s.trackRatings).values({ userId: 'u2', trackId, rating: 4 });
  await db.insert(s.libraryRatings).values([
    { userId: 'u2', kind: 'album', itemId: 'al-u1-2026', rating: 5 },
    { userId: 'u2', kind: 'artist', itemId: 'ar-u1', rating: 1 },
  ]);
  return trackId;
}

beforeEach(async () => {
  await db.execute(sql`truncate users restart identity cascade`);
});

describe(`play state tables on ${testDatabaseKind()}`, () => {
  it('deleting the person removes their queue, its songs, their bookmarks and ratings', async () => {
    await seed();
    await db.delete(s.users).where(eq(s.users.id, 'u2'));
    for (const table of TABLES) expect(await rowsIn(table)).toBe(0);
  });

  it('deleting the track removes its queue entries, bookmarks and ratings; the queue itself stays', async () => {
    const trackId = await seed();
    await db.delete(s.tracks).where(eq(s.tracks.id, trackId));
    expect(await rowsIn(s.playQueueEntries)).toBe(0);
    expect(await rowsIn(s.bookmarks)).toBe(0);
    expect(await rowsIn(s.trackRatings)).toBe(0);
    expect(await rowsIn(s.playQueues)).toBe(1);
    // Album and artist ratings name a person, not a track.
    expect(await rowsIn(s.libraryRatings)).toBe(2);
  });

  it('refuses ratings outside 1-5, unknown kinds and negative positions', async () => {
    const trackId = await seed();
    const refused = async (write: Promise<unknown>) => {
      try {
        await write;
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        return e.cause?.code ?? e.code;
      }
      return undefined;
    };
    const CHECK_VIOLATION = '23514';
    await db.delete(s.trackRatings);
    expect(await refused(db.insert(s.trackRatings).values({ userId: 'u1', trackId, rating: 6 }))).toBe(
      CHECK_VIOLATION,
    );
    expect(await refused(db.insert(s.trackRatings).values({ userId: 'u1', trackId, rating: 0 }))).toBe(
      CHECK_VIOLATION,
    );
    expect(
      await refused(
        db.insert(s.libraryRatings).values({ userId: 'u1', kind: 'song' as 'album', itemId: 'x', rating: 3 }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(await refused(db.insert(s.bookmarks).values({ userId: 'u1', trackId, positionMs: -1 }))).toBe(
      CHECK_VIOLATION,
    );
    expect(
      await refused(db.insert(s.playQueues).values({ userId: 'u1', positionMs: -1, changedBy: 'x' })),
    ).toBe(CHECK_VIOLATION);
  });
});

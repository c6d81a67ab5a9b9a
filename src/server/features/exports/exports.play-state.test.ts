import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalExportSchema } from '../../../shared/schemas/journal-export';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportZip } from '../../../test/import-round-trip';
import { importAndWait } from '../../../test/imports';
import { shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { unzipEntries } from '../../../test/unzip';
import { bookmarks, libraryRatings, trackRatings } from '../../db/schema';

// Ratings and bookmarks from Subsonic apps in journal.json (issue 46, decision 0786), named as likes
// are; the play queue is device state and stays out. PGlite or PostgreSQL by TEST_DATABASE_URL.

let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'ada' });
  friend = await t.signedInClient({ username: 'bo' });
});
afterAll(() => t?.close());

describe('play state in the export', () => {
  it('journal.json holds my ratings and bookmarks, my tracks by id and others by title and owner; no queue', async () => {
    const mine = await uploadNamedTrack(me, 'Take');
    const theirs = await uploadNamedTrack(friend, 'Their song');
    await shareWithMember(t, friend, me, theirs);
    const apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
    const api = subsonicClient(t.app, { apiKey });
    for (const [id, rating] of [
      [String(mine), 2],
      [String(theirs), 5],
      [`al-${friend.userId}-${year}`, 4],
      [`ar-${me.userId}`, 3],
    ] as const) {
      expect((await api.setRating({ id, rating })).status).toBe('ok');
    }
    await api.createBookmark({ id: String(theirs), position: 61_000, comment: 'the bridge' });
    await api.createBookmark({ id: String(mine), position: 5_000 });
    await api.savePlayQueue({ id: [String(mine), String(theirs)], current: String(theirs), position: 10 });

    const zip = await exportZip(me);
    const entries = await unzipEntries(zip);
    const raw = entries.find((e) => e.name === 'journal.json')!.data.toString();
    const journal = journalExportSchema.parse(JSON.parse(raw));
    expect(journal.ratings).toEqual([
      {
        kind: 'song',
        trackId: mine,
        title: null,
        owner: null,
        year: null,
        rating: 2,
        ratedAt: expect.any(String),
      },
      {
        kind: 'song',
        trackId: null,
        title: 'Their song',
        owner: 'bo',
        year: null,
        rating: 5,
        ratedAt: expect.any(String),
      },
      {
        kind: 'album',
        trackId: null,
        title: null,
        owner: 'bo',
        year,
        rating: 4,
        ratedAt: expect.any(String),
      },
      {
        kind: 'artist',
        trackId: null,
        title: null,
        owner: null,
        year: null,
        rating: 3,
        ratedAt: expect.any(String),
      },
    ]);
    expect(journal.bookmarks).toEqual([
      expect.objectContaining({
        trackId: null,
        title: 'Their song',
        owner: 'bo',
        positionMs: 61_000,
        comment: 'the bridge',
      }),
      expect.objectContaining({ trackId: mine, title: null, owner: null, positionMs: 5_000, comment: '' }),
    ]);
    // Nothing of the queue, and no one's internal id.
    expect(raw).not.toContain('playQueue');
    expect(raw).not.toContain(friend.userId);
    expect(raw).not.toContain(me.userId);
    const readme = entries.find((e) => e.name === 'README.txt')!.data.toString();
    expect(readme).toMatch(/ratings\s+your 1-5 ratings/);

    // An import reads the archive and recreates my track; ratings and bookmarks, like likes, it
    // leaves in journal.json (docs/export-format.md).
    const fresh = await t.signedInClient({ username: 'cy' });
    const done = await importAndWait(fresh, zip, 120_000);
    expect(done).toMatchObject({ state: 'done', created: { tracks: 1 } });
    for (const table of [trackRatings, libraryRatings, bookmarks]) {
      expect(await t.db.select().from(table).where(eq(table.userId, fresh.userId))).toEqual([]);
    }
  }, 180_000);
});

import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { takeRow } from '../../../test/take-rows';
import { tracks } from '../../db/schema';
import { REUSED_BODY_MIN_BYTES } from './track-list.memory';
import { ownTracksJson } from './track-list.query';

// Decision 0914, through the route: a journal list big enough to be written into reused memory,
// edited and read again and again, is each time the database's list, and after the first lists
// no new memory is taken for it (each reply gives its list's memory back once it has gone out).

let t: TestApp;
let alice: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  await t.db
    .insert(tracks)
    .values(
      Array.from({ length: 120 }, (_, i) =>
        takeRow(alice.userId, i, { notes: `Notes of take ${i}: ${'la '.repeat(400)}` }),
      ),
    );
});
afterAll(async () => t.close());

it('sends the database list after every edit, the later ones written into memory given back', async () => {
  const list = async () => {
    const res = await alice.get('/api/tracks');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await ownTracksJson(t.db, alice.userId, 'dateUploaded'));
    return res.json<{ id: number }[]>();
  };
  const ids = (await list()).map((track) => track.id);
  expect(Buffer.byteLength(await ownTracksJson(t.db, alice.userId, 'dateUploaded'))).toBeGreaterThan(
    REUSED_BODY_MIN_BYTES,
  );
  const fresh = vi.spyOn(Buffer, 'allocUnsafeSlow');
  try {
    for (let edit = 0; edit < 8; edit++) {
      // Longer and shorter notes in turn: the lists' lengths move within the memory's room.
      const notes = `Edit ${edit}: ${'da '.repeat(edit % 2 ? 380 : 420)}`;
      const res = await alice.patch(`/api/tracks/${ids[edit * 7]}`, { notes });
      expect(res.statusCode).toBe(200);
      await list();
      if (edit === 1) fresh.mockClear();
    }
    const big = fresh.mock.calls.filter(([size]) => size >= REUSED_BODY_MIN_BYTES);
    expect(big, 'no fresh memory for the lists after the first two').toEqual([]);
  } finally {
    fresh.mockRestore();
  }
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { playlists, playlistTracks, tracks } from '../../db/schema';

// Issue 47: a track's tempo and key in its JSON (measured, or the owner's), and the owner's edit
// (decisions 0820, 0821). The measure itself is filled in directly here.

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  // One media worker: the last test lets processing run over a new version.
  t = await buildTestApp({ mediaWorkers: 1 });
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
});

async function measuredTrack(values: Partial<typeof tracks.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(tracks)
    .values({
      userId: alice.userId,
      name: 'Groove',
      filename: 'groove.wav',
      filepath: `tracks/${Math.random()}`,
      mimeType: 'audio/wav',
      size: 10,
      visibility: 'public',
      processingState: 'ready',
      originalPlayable: true,
      bpm: 119.96,
      bpmConfidence: 0.82,
      musicalKey: 'A minor',
      keyConfidence: 0.4,
      ...values,
    })
    .returning();
  return row!;
}

const own = async (id: number) =>
  (await alice.get('/api/tracks')).json<Track[]>().find((tr) => tr.id === id)!;

describe('tempo and key in the track JSON', () => {
  it('shows the measure to the tenth with its confidence and its half- and double-time readings', async () => {
    const row = await measuredTrack();
    const expected = {
      bpm: 120,
      bpmConfidence: expect.closeTo(0.82, 5),
      bpmEdited: false,
      bpmAlternatives: [60, 240],
      musicalKey: 'A minor',
      keyConfidence: expect.closeTo(0.4, 5),
      keyEdited: false,
    };
    expect(await own(row.id)).toMatchObject(expected);
    // The shared track page, the page list and a public playlist say the same.
    expect((await bob.get(`/api/tracks/${row.id}`)).json().track).toMatchObject(expected);
    expect((await alice.get('/api/tracks?limit=5')).json().items[0]).toMatchObject(expected);
    const [list] = await t.db
      .insert(playlists)
      .values({ userId: alice.userId, name: 'Set', isPublic: true })
      .returning();
    await t.db.insert(playlistTracks).values({ playlistId: list!.id, trackId: row.id, position: 0 });
    expect((await bob.get(`/api/public/playlists/${list!.id}`)).json().tracks[0]).toMatchObject(expected);
  });

  it('offers only readings within 30–300 BPM, and nothing while unmeasured', async () => {
    const slow = await measuredTrack({ bpm: 55 });
    const fast = await measuredTrack({ bpm: 170.04 });
    const none = await measuredTrack({
      bpm: null,
      bpmConfidence: null,
      musicalKey: null,
      keyConfidence: null,
    });
    expect((await own(slow.id)).bpmAlternatives).toEqual([110]);
    expect((await own(fast.id)).bpmAlternatives).toEqual([85]);
    expect(await own(none.id)).toMatchObject({
      bpm: null,
      bpmConfidence: null,
      bpmAlternatives: [],
      musicalKey: null,
      keyConfidence: null,
    });
  });
});

describe('PATCH /api/tracks/{id} bpm and musicalKey', () => {
  it("keeps the owner's values, marked, over the measure; null gives the measure back", async () => {
    const row = await measuredTrack();
    const res = await alice.patch(`/api/tracks/${row.id}`, { bpm: 60.04, musicalKey: 'Bbm' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = {
      bpm: 60,
      bpmConfidence: null,
      bpmEdited: true,
      bpmAlternatives: [30, 120],
      musicalKey: 'A# minor',
      keyConfidence: null,
      keyEdited: true,
    };
    expect(res.json()).toMatchObject(edited);
    expect(await own(row.id)).toMatchObject(edited);
    // The measure stays underneath, untouched.
    const [stored] = await t.db.select().from(tracks).where(eq(tracks.id, row.id));
    expect(stored).toMatchObject({ bpm: expect.closeTo(119.96, 3), musicalKey: 'A minor', ownerBpm: 60 });

    // One at a time: resetting the tempo leaves the key the owner's.
    const reset = (await alice.patch(`/api/tracks/${row.id}`, { bpm: null })).json<Track>();
    expect(reset).toMatchObject({ bpm: 120, bpmEdited: false, musicalKey: 'A# minor', keyEdited: true });
    const both = (await alice.patch(`/api/tracks/${row.id}`, { musicalKey: null })).json<Track>();
    expect(both).toMatchObject({
      musicalKey: 'A minor',
      keyEdited: false,
      keyConfidence: expect.closeTo(0.4, 5),
    });
  });

  it('lets the owner set a tempo and key on a track nothing measured', async () => {
    const row = await measuredTrack({
      bpm: null,
      bpmConfidence: null,
      musicalKey: null,
      keyConfidence: null,
    });
    const res = await alice.patch(`/api/tracks/${row.id}`, { bpm: 400, musicalKey: 'c' });
    expect(res.json()).toMatchObject({
      bpm: 400,
      bpmEdited: true,
      bpmAlternatives: [200],
      musicalKey: 'C major',
    });
  });

  it('refuses what is not a tempo or a key (400), and another person’s track (404)', async () => {
    const row = await measuredTrack();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ bpm: 19.9 }, /bpm must be a number from 20 to 400/],
      [{ bpm: 400.1 }, /bpm must be a number from 20 to 400/],
      [{ bpm: '120' }, /bpm must be a number from 20 to 400/],
      [{ musicalKey: 'H minor' }, /musicalKey must be a key such as "A minor"/],
      [{ musicalKey: 'A dorian' }, /musicalKey must be a key such as "A minor"/],
      [{ musicalKey: 7 }, /musicalKey must be a key such as "A minor"/],
    ];
    for (const [body, message] of cases) {
      const res = await alice.patch(`/api/tracks/${row.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    expect((await bob.patch(`/api/tracks/${row.id}`, { bpm: 100 })).statusCode).toBe(404);
    expect(await own(row.id)).toMatchObject({ bpm: 120, bpmEdited: false });
  });

  it.skipIf(!hasFfmpeg)(
    "keeps the owner's values through a new version and its processing",
    async () => {
      const track = await uploadAudio(alice, 'take.wav', makeWav(1));
      // Processing runs ffmpeg: allow for a machine busy with other tests.
      await waitForProcessing(alice, track.id, 90_000);
      await alice.patch(`/api/tracks/${track.id}`, { bpm: 98, musicalKey: 'G major' });
      const res = await alice.upload(
        `/api/tracks/${track.id}/versions`,
        { note: 'Louder' },
        { field: 'file', name: 'take-2.wav', type: 'audio/wav', data: makeWav(1.2) },
      );
      expect(res.statusCode, res.body).toBe(201);
      const processed = await waitForProcessing(alice, track.id, 90_000);
      expect(processed).toMatchObject({
        version: 2,
        bpm: 98,
        bpmEdited: true,
        musicalKey: 'G major',
        keyEdited: true,
      });
    },
    300_000,
  );
});

import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg, makeEncodedTone, makeWav } from '../../../test/media-fixtures';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUploadBytes: 200_000 } });
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => t.close());

const wav = (seconds = 1) => ({
  field: 'audio',
  name: 'Morning Take.wav',
  type: 'audio/wav',
  data: makeWav(seconds),
});
const upload = (
  client: TestClient,
  file = wav(),
  fields: Record<string, string> = { name: 'Morning Take' },
) => client.upload('/api/tracks', fields, file);

/** Every stored file and temp file under the test's DATA_DIR. */
function filesOnDisk(): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    } catch {
      return [];
    }
  };
  return [...walk(path.join(t.dataDir, 'files')), ...walk(path.join(t.dataDir, 'tmp'))];
}
const trackRows = async () => (await t.db.select({ n: count() }).from(tracks))[0]!.n;

beforeEach(async () => {
  await t.db.delete(tracks);
  rmSync(path.join(t.dataDir, 'files'), { recursive: true, force: true });
  for (const client of [alice, bob]) {
    const list = (await client.get('/api/tracks')).json<{ id: number }[]>();
    expect(list).toEqual([]);
  }
});

describe('POST /api/tracks', () => {
  it('stores a WAV, reads its duration and format, and lists it for the owner only', async () => {
    const res = await upload(alice, wav(3), {
      name: 'Morning Take',
      fileCreatedAt: '2024-05-01T10:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    // The upload's reply is the track, and the takes it sounds like (none: a first take, issue 47).
    const { similarTracks, ...track } = res.json();
    expect(similarTracks).toEqual([]);
    expect(track).toMatchObject({
      userId: alice.userId,
      name: 'Morning Take',
      filename: 'Morning Take.wav',
      mimeType: 'audio/wav',
      size: makeWav(3).length,
      notes: null,
      fileCreatedAt: '2024-05-01T10:00:00.000Z',
      shareToEquipmentPages: true,
      equipment: [],
    });
    expect(track.duration).toBeCloseTo(3, 2);
    expect(track).not.toHaveProperty('filepath');
    expect(filesOnDisk()).toHaveLength(1);
    expect((await alice.get('/api/tracks')).json()).toEqual([track]);
    expect((await bob.get('/api/tracks')).json()).toEqual([]);
  });

  it('names the track from the file when no name is sent', async () => {
    const res = await upload(alice, wav(), {});
    expect(res.json().name).toBe('Morning Take');
  });

  it.skipIf(!hasFfmpeg)('recognises MP3, M4A, AIFF and FLAC by their content', async () => {
    const expected = { mp3: 'audio/mpeg', m4a: 'audio/mp4', aiff: 'audio/aiff', flac: 'audio/flac' } as const;
    for (const [ext, mime] of Object.entries(expected)) {
      const data = makeEncodedTone(ext as keyof typeof expected);
      // The declared type is deliberately wrong: the server trusts the bytes.
      const res = await upload(
        alice,
        { field: 'audio', name: `tone.${ext}`, type: 'application/octet-stream', data },
        {},
      );
      expect(res.statusCode, ext).toBe(201);
      expect(res.json().mimeType, ext).toBe(mime);
      expect(res.json().duration, ext).toBeCloseTo(2, 0);
    }
  });

  describe('refuses bad uploads and leaves no file and no row', () => {
    const refused = async (res: Awaited<ReturnType<typeof upload>>, status: number, message: RegExp) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await trackRows()).toBe(0);
      expect(filesOnDisk()).toEqual([]);
    };

    it('a text file named .mp3', async () => {
      const fake = {
        field: 'audio',
        name: 'song.mp3',
        type: 'audio/mpeg',
        data: Buffer.from('hello, not audio at all\n'.repeat(50)),
      };
      await refused(await upload(alice, fake), 415, /song\.mp3 is not an audio file/);
    });

    it('an empty file', async () => {
      await refused(await upload(alice, { ...wav(), data: Buffer.alloc(0) }), 400, /is empty/);
    });

    it('a file over the size limit, with 413 and the limit in the message', async () => {
      await refused(await upload(alice, wav(20)), 413, /File is too large: the limit is/);
    });

    it('a path-like file name', async () => {
      await refused(await upload(alice, { ...wav(), name: '../../etc/passwd.wav' }), 400, /plain name/);
      await refused(await upload(alice, { ...wav(), name: '..\\evil.wav' }), 400, /plain name/);
    });

    it('an upload cut off before the end of the file', async () => {
      const form = new FormData();
      form.append('name', 'cut');
      form.append('audio', new Blob([new Uint8Array(makeWav(1))], { type: 'audio/wav' }), 'cut.wav');
      const request = new Request('http://x', { method: 'POST', body: form });
      const full = Buffer.from(await request.arrayBuffer());
      const res = await alice.request('POST', '/api/tracks', {
        body: full.subarray(0, Math.floor(full.length / 2)),
        headers: { 'content-type': request.headers.get('content-type')! },
      });
      await refused(res, 400, /interrupted/);
    });

    it('a request without a file, or not multipart', async () => {
      await refused(await alice.upload('/api/tracks', { name: 'x' }), 400, /No file/);
      await refused(await alice.post('/api/tracks', { name: 'x' }), 415, /multipart/);
    });

    it('a signed-out upload', async () => {
      const res = await t.client().upload('/api/tracks', {}, wav());
      expect(res.statusCode).toBe(401);
      expect(filesOnDisk()).toEqual([]);
    });
  });
});

describe('GET /api/tracks', () => {
  it('sorts by upload date by default and by file date on request', async () => {
    const first = (
      await upload(alice, wav(), { name: 'old file, uploaded first', fileCreatedAt: '2020-01-01T00:00:00Z' })
    ).json();
    const second = (
      await upload(alice, wav(), { name: 'new file, uploaded second', fileCreatedAt: '2023-01-01T00:00:00Z' })
    ).json();
    const third = (await upload(alice, wav(), { name: 'no file date' })).json();
    const ids = async (url: string) => (await alice.get(url)).json<{ id: number }[]>().map((x) => x.id);
    expect(await ids('/api/tracks')).toEqual([third.id, second.id, first.id]);
    expect(await ids('/api/tracks?sort=dateCreated')).toEqual([second.id, first.id, third.id]);
    expect((await alice.get('/api/tracks?sort=sideways')).statusCode).toBe(400);
  });

  it('includes each track’s equipment in a constant number of queries', async () => {
    const [tag] = await t.db.insert(equipmentTags).values({ name: 'TR-808' }).returning();
    // Each person's first list is read whole: 2 tracks for one, 8 for another, the same queries.
    const [dave, carol] = [await t.signedInClient(), await t.signedInClient()];
    const measure = async (client: TestClient) => {
      t.queries.length = 0;
      const list = (await client.get('/api/tracks')).json<{ equipment: { name: string }[] }[]>();
      return { n: t.queries.length, list };
    };
    for (const [client, count] of [
      [dave, 2],
      [carol, 8],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const track = (await upload(client)).json();
        await t.db.insert(trackEquipmentTags).values({ trackId: track.id, equipmentTagId: tag!.id });
      }
    }
    const few = await measure(dave);
    const many = await measure(carol);
    expect(few.list).toHaveLength(2);
    expect(many.list).toHaveLength(8);
    expect([...few.list, ...many.list].every((tr) => tr.equipment[0]?.name === 'TR-808')).toBe(true);
    expect(many.n).toBe(few.n);
  });
});

describe('PATCH and DELETE /api/tracks/{id}', () => {
  it('lets the owner rename, annotate and opt out of equipment pages', async () => {
    const track = (await upload(alice)).json();
    const res = await alice.patch(`/api/tracks/${track.id}`, {
      name: '  Evening Take  ',
      notes: 'Juno into tape',
      shareToEquipmentPages: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Evening Take',
      notes: 'Juno into tape',
      shareToEquipmentPages: false,
    });
    expect((await alice.patch(`/api/tracks/${track.id}`, { notes: '   ' })).json().notes).toBeNull();
  });

  it('refuses an empty name and unknown fields with 400', async () => {
    const track = (await upload(alice)).json();
    expect((await alice.patch(`/api/tracks/${track.id}`, { name: '   ' })).statusCode).toBe(400);
    expect((await alice.patch(`/api/tracks/${track.id}`, { userId: bob.userId })).statusCode).toBe(400);
  });

  it("answers 404 to someone else's track, for edit and delete, and changes nothing", async () => {
    const track = (await upload(alice)).json();
    expect((await bob.patch(`/api/tracks/${track.id}`, { name: 'mine now' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/tracks/${track.id}`)).statusCode).toBe(404);
    expect((await alice.get('/api/tracks')).json()[0].name).toBe('Morning Take');
    expect(filesOnDisk()).toHaveLength(1);
  });

  it('deletes the row and the stored file', async () => {
    const track = (await upload(alice)).json();
    expect(filesOnDisk()).toHaveLength(1);
    expect((await alice.delete(`/api/tracks/${track.id}`)).statusCode).toBe(200);
    expect(await trackRows()).toBe(0);
    await waitForBlobDeletions(t.db);
    expect(filesOnDisk()).toEqual([]);
    expect((await alice.delete(`/api/tracks/${track.id}`)).statusCode).toBe(404);
  });
});

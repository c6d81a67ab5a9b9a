import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffprobeAudio, hasFfmpeg, makeEncodedTone, makeWav } from '../../../test/media-fixtures';
import { subsonicClient } from '../../../test/subsonic-client';

/**
 * /rest stream and download (decision 0385): the web app's access rule and bytes, Range included,
 * and transcodes seeked with timeOffset. Me with a 60-second take; a stranger with a private track
 * and a public one.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let apiKey: string;
const ids = {} as Record<'take' | 'diary' | 'single', number>;
const take = makeWav(60);

async function upload(client: TestClient, name: string, data: Buffer): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const api = (headers?: Record<string, string>) => subsonicClient(t.app, { apiKey }, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** A failed reply's envelope (the client asks for JSON). */
const envelope = async (res: Response) => (await res.json())['subsonic-response'];

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  const stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  ids.take = await upload(me, 'Long take', take);
  ids.diary = await upload(stranger, 'Diary', makeWav(1));
  ids.single = await upload(stranger, 'Single', makeWav(1));
  expect((await stranger.patch(`/api/tracks/${ids.single}`, { visibility: 'public' })).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('/rest stream and download: the stored bytes', () => {
  it('stream without format is what the web app streams, byte for byte', async () => {
    const res = await api().stream({ id: String(ids.take) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(take.length));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const web = await me.get(`/api/tracks/${ids.take}/stream`);
    expect((await bytes(res)).equals(web.rawPayload)).toBe(true);
    expect(web.rawPayload.equals(take)).toBe(true);
    // format=raw, and maxBitRate above what the file has (a 128 kbit/s WAV), change nothing.
    const raw = await api().stream({ id: String(ids.take), format: 'raw', maxBitRate: 64 });
    expect(raw.headers.get('content-type')).toBe('audio/wav');
    const rich = await api().stream({ id: String(ids.take), maxBitRate: 320 });
    expect(rich.headers.get('content-type')).toBe('audio/wav');
    expect((await bytes(rich)).length).toBe(take.length);
  });

  it('a Range is answered 206 with those bytes, and one past the end 416', async () => {
    const res = await api({ range: 'bytes=100-1099' }).stream({ id: String(ids.take) });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${take.length}`);
    expect(res.headers.get('content-length')).toBe('1000');
    expect((await bytes(res)).equals(take.subarray(100, 1100))).toBe(true);
    const past = await api({ range: `bytes=${take.length}-` }).stream({ id: String(ids.take) });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${take.length}`);
  });

  it("a stranger's private track is 70 and no bytes, as an unknown id; a public one plays", async () => {
    for (const id of [String(ids.diary), '999999', 'abc', '0', '99999999999']) {
      for (const call of ['stream', 'download'] as const) {
        const res = await api()[call]({ id });
        expect(res.status, `${call} ${id}`).toBe(200);
        expect(res.headers.get('content-type')).toContain('application/json');
        const body = await envelope(res);
        expect(body).toMatchObject({ status: 'failed', error: { code: 70 } });
      }
    }
    const single = await api().stream({ id: String(ids.single) });
    expect(single.headers.get('content-type')).toBe('audio/wav');
  });

  it('no id is 10', async () => {
    const res = await t.app.inject({ url: `/rest/stream.view?f=json&apiKey=${apiKey}` });
    expect(res.json()['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });
    const download = await t.app.inject({ url: `/rest/download?apiKey=${apiKey}` });
    expect(download.headers['content-type']).toContain('text/xml');
    expect(download.body).toContain('code="10"');
  });

  it('a wrong key gets the envelope (44), never bytes', async () => {
    const res = await subsonicClient(t.app, { apiKey: 'jnl_wrong' }).stream({ id: String(ids.take) });
    expect(await envelope(res)).toMatchObject({ status: 'failed', error: { code: 44 } });
  });

  it('download is the original as an attachment with its name, ranged too', async () => {
    const res = await api().download({ id: String(ids.take) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Long take\.wav"/);
    expect((await bytes(res)).equals(take)).toBe(true);
    const part = await api({ range: 'bytes=0-43' }).download({ id: String(ids.take) });
    expect(part.status).toBe(206);
    expect((await bytes(part)).equals(take.subarray(0, 44))).toBe(true);
  });
});

describe.skipIf(!hasFfmpeg)('/rest stream: transcoding with ffmpeg', () => {
  it('format=mp3&timeOffset=30 on a 60-second take is 30 seconds of MP3 (transcodeOffset)', async () => {
    const res = await api().stream({ id: String(ids.take), format: 'mp3', timeOffset: 30 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('none');
    const probed = ffprobeAudio(await bytes(res));
    expect(probed.codec).toBe('mp3');
    expect(probed.duration).toBeGreaterThan(29);
    expect(probed.duration).toBeLessThan(31);
  });

  it('opus and aac, and a maxBitRate below the source transcodes to mp3 at that rate', async () => {
    const opus = await api().custom('stream.view', { id: String(ids.take), format: 'opus', timeOffset: 55 });
    expect(opus.headers.get('content-type')).toBe('audio/ogg');
    const opusProbe = ffprobeAudio(await bytes(opus));
    expect(opusProbe.codec).toBe('opus');
    expect(Math.abs(opusProbe.duration - 5)).toBeLessThan(1);
    const aac = await api().stream({ id: String(ids.take), format: 'aac', timeOffset: 58 });
    expect(aac.headers.get('content-type')).toBe('audio/aac');
    expect(ffprobeAudio(await bytes(aac)).codec).toBe('aac');
    const small = await api().stream({ id: String(ids.take), maxBitRate: 32 });
    expect(small.headers.get('content-type')).toBe('audio/mpeg');
    const data = await bytes(small);
    // 60 s at 32 kbit/s is 240 kB; the WAV is almost 1 MB.
    expect(data.length).toBeLessThan(300_000);
    expect(ffprobeAudio(data).duration).toBeGreaterThan(59);
  });

  it('an M4A whose index comes after the audio (ffmpeg writes moov last) transcodes and seeks', async () => {
    const m4a = makeEncodedTone('m4a');
    expect(m4a.indexOf('moov')).toBeGreaterThan(m4a.indexOf('mdat'));
    const res = await me.upload(
      '/api/tracks',
      { name: 'Tone' },
      { field: 'audio', name: 'tone.m4a', type: 'audio/mp4', data: m4a },
    );
    expect(res.statusCode).toBe(201);
    const stream = await api().stream({ id: String(res.json().id), format: 'mp3', timeOffset: 1 });
    expect(stream.headers.get('content-type')).toBe('audio/mpeg');
    expect(Math.abs(ffprobeAudio(await bytes(stream)).duration - 1)).toBeLessThan(0.3);
  });

  it('a private track is still 70 when a transcode is asked for', async () => {
    const res = await api().stream({ id: String(ids.diary), format: 'mp3' });
    expect(await envelope(res)).toMatchObject({ error: { code: 70 } });
  });

  it('a negative timeOffset, or one past the end, is an error before any bytes', async () => {
    for (const timeOffset of [-5, 60, 90]) {
      const res = await api().stream({ id: String(ids.take), format: 'mp3', timeOffset });
      expect(await envelope(res), String(timeOffset)).toMatchObject({ status: 'failed', error: { code: 0 } });
    }
  });
});

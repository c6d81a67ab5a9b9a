import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOfflineSnapshot } from '../../entities/offline/offline-status';
import { fakeIdbKeyval, installFakeCaches, resetFakeIdb } from '../../test/fake-offline-storage';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { getTrack, putTrack } from './download-index';
import { downloadTrack } from './download-manager';
import { OFFLINE_MEDIA_CACHE } from './media-urls';
import { syncDownloads } from './sync';

vi.mock('idb-keyval', () => fakeIdbKeyval);

// Decision 0360, amended: a downloaded track whose owner uploads a new version is downloaded again
// by the next sync, the old copy playing until the new one is whole, and kept when that fails.

/** `bytes` bytes all set to `fill`, so a test tells the versions' files apart. */
const audio = (bytes: number, fill: number) =>
  new Response(new Uint8Array(bytes).fill(fill), {
    headers: { 'content-type': 'audio/mpeg', 'content-length': String(bytes) },
  });

/** A stream that sends a first chunk and then loses the connection. */
const cutOff = () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(50).fill(2));
        controller.error(new TypeError('network error'));
      },
    }),
    { headers: { 'content-type': 'audio/mpeg', 'content-length': '300' } },
  );

/** GET /api/tracks/1 as the server answers it after the owner's upload of version `version`. */
const trackReply = (version: number, processing: 'pending' | 'ready' | 'failed' = 'ready', playable = true) =>
  json({
    track: {
      id: 1,
      name: 'Track 1',
      duration: 12,
      mimeType: 'audio/mpeg',
      version,
      playable,
      processing: { state: processing, error: null },
    },
    user: { id: 'u1' },
  });

describe('a download whose track has a new version', () => {
  let storage: ReturnType<typeof installFakeCaches>;
  /** The stored stream's bytes (their fill tells the version) and the stored waveform's peaks. */
  const stored = async () => {
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    const stream = await cache.match('/api/tracks/1/stream');
    const waveform = await cache.match('/api/tracks/1/waveform');
    const bytes = new Uint8Array(await (stream as Response).arrayBuffer());
    return { fill: bytes[0], length: bytes.length, peaks: waveform && (await waveform.json()).peaks };
  };

  beforeEach(async () => {
    storage = installFakeCaches();
    resetFakeIdb();
    vi.stubGlobal('navigator', { onLine: true });
    mockFetch({
      'GET /api/tracks/1/stream': () => audio(100, 1),
      'GET /api/tracks/1/waveform': () => json({ duration: 8, peaks: [0.1] }),
    });
    await downloadTrack({ id: 1, name: 'Track 1', duration: 8, version: 1 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is downloaded again: the new stream and waveform replace the old, with size and version', async () => {
    let duringFetch: Awaited<ReturnType<typeof stored>> | undefined;
    const fetched = mockFetch({
      'GET /api/tracks/1': () => trackReply(2),
      'GET /api/tracks/1/stream': () => audio(300, 2),
      'GET /api/tracks/1/waveform': async () => {
        // The new stream has arrived whole, and the old copy is still what plays.
        duringFetch = await stored();
        return json({ duration: 12, peaks: [0.2, 0.4] });
      },
    });
    const result = await syncDownloads();
    expect(result.refreshedTracks).toEqual([1]);
    // Past the worker, which would answer with the very copy being replaced (sw-routes.ts).
    for (const path of ['/api/tracks/1/stream', '/api/tracks/1/waveform']) {
      expect(callsTo(fetched, path)[0]?.[1]).toEqual(expect.objectContaining({ cache: 'no-store' }));
    }
    expect(duringFetch).toEqual({ fill: 1, length: 100, peaks: [0.1] });
    expect(await stored()).toEqual({ fill: 2, length: 300, peaks: [0.2, 0.4] });
    const entry = await getTrack(1);
    expect(entry).toEqual(expect.objectContaining({ version: 2, duration: 12, single: true }));
    expect(entry?.size).toBeGreaterThan(300);
    expect(entry?.newerVersion).toBeUndefined();
    expect(getOfflineSnapshot().jobs.size).toBe(0);
    // The next sync finds it current and fetches nothing.
    const again = mockFetch({ 'GET /api/tracks/1': () => trackReply(2) });
    expect((await syncDownloads()).refreshedTracks).toEqual([]);
    expect(callsTo(again, '/api/tracks/1/stream')).toHaveLength(0);
  });

  it('keeps the old copy when the new one fails to arrive, marked, and the next sync stores it', async () => {
    const before = await getTrack(1);
    mockFetch({
      'GET /api/tracks/1': () => trackReply(2),
      'GET /api/tracks/1/stream': cutOff,
    });
    expect((await syncDownloads()).refreshedTracks).toEqual([]);
    expect(await stored()).toEqual({ fill: 1, length: 100, peaks: [0.1] });
    expect(await getTrack(1)).toEqual({ ...before, newerVersion: { version: 2, error: 'network error' } });
    expect(getOfflineSnapshot().trackIds.has(1)).toBe(true);
    expect(getOfflineSnapshot().jobs.size).toBe(0);

    mockFetch({
      'GET /api/tracks/1': () => trackReply(2),
      'GET /api/tracks/1/stream': () => json({ message: 'Oops' }, 500),
    });
    await syncDownloads();
    expect(await stored()).toEqual({ fill: 1, length: 100, peaks: [0.1] });
    expect((await getTrack(1))?.newerVersion).toEqual({ version: 2, error: 'The server answered 500' });

    mockFetch({
      'GET /api/tracks/1': () => trackReply(2),
      'GET /api/tracks/1/stream': () => audio(300, 2),
      'GET /api/tracks/1/waveform': () => json({ duration: 12, peaks: [0.2] }),
    });
    expect((await syncDownloads()).refreshedTracks).toEqual([1]);
    expect(await stored()).toEqual({ fill: 2, length: 300, peaks: [0.2] });
    expect(await getTrack(1)).toEqual(expect.objectContaining({ version: 2 }));
    expect((await getTrack(1))?.newerVersion).toBeUndefined();
  });

  it('keeps the old copy while the new version processes, or when its processing failed', async () => {
    for (const [processing, playable, error] of [
      ['pending', true, null], // the new original plays, but its waveform is still being made
      ['pending', false, null], // a rendition to make: nothing to stream yet
      ['failed', false, 'Its processing failed'],
    ] as const) {
      const fetched = mockFetch({ 'GET /api/tracks/1': () => trackReply(2, processing, playable) });
      expect((await syncDownloads()).refreshedTracks).toEqual([]);
      expect(callsTo(fetched, '/api/tracks/1/stream')).toHaveLength(0);
      expect(await stored()).toEqual({ fill: 1, length: 100, peaks: [0.1] });
      expect(await getTrack(1)).toEqual(
        expect.objectContaining({ version: 1, newerVersion: { version: 2, error } }),
      );
    }
  });

  it('takes an entry kept before versions were as version 1, and refreshes it once the track has another', async () => {
    const { version: _, ...unversioned } = (await getTrack(1))!;
    await putTrack(unversioned);
    const fetched = mockFetch({ 'GET /api/tracks/1': () => trackReply(1) });
    await syncDownloads();
    expect(callsTo(fetched, '/api/tracks/1/stream')).toHaveLength(0);
    expect((await getTrack(1))?.version).toBe(1);

    await putTrack(unversioned);
    mockFetch({
      'GET /api/tracks/1': () => trackReply(3),
      'GET /api/tracks/1/stream': () => audio(300, 3),
      'GET /api/tracks/1/waveform': () => json({ message: 'Not found' }, 404),
    });
    expect((await syncDownloads()).refreshedTracks).toEqual([1]);
    // No waveform for the new file: the old one goes rather than draw the old audio's shape.
    expect(await stored()).toEqual({ fill: 3, length: 300, peaks: undefined });
    expect((await getTrack(1))?.version).toBe(3);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdbKeyval, installFakeCaches, resetFakeIdb } from '../../test/fake-offline-storage';
import { json, mockFetch } from '../../test/mock-fetch';
import { readIndex } from './download-index';
import { downloadTrack, removeTrack } from './download-manager';
import { OFFLINE_MEDIA_CACHE } from './media-urls';
import { isOfflineMediaRequest, offlineMediaResponse } from './sw-routes';

vi.mock('idb-keyval', () => fakeIdbKeyval);

// Issue 43 offline (decision 0641): a track with earlier versions downloads them too.

const audio = (bytes: number) =>
  new Response(new Uint8Array(bytes), {
    headers: { 'content-type': 'audio/wav', 'content-length': String(bytes) },
  });

const versions = [
  { version: 2, current: true, streamUrl: '/api/tracks/4/stream', peaksUrl: '/api/tracks/4/waveform' },
  {
    version: 1,
    current: false,
    streamUrl: '/api/tracks/4/versions/1/stream',
    peaksUrl: '/api/tracks/4/versions/1/waveform',
  },
  // A token's address is never stored, even if a list named one.
  { version: 0, current: false, streamUrl: '/api/shares/by-token/x/versions/0/stream', peaksUrl: null },
];

describe('downloading a track with versions', () => {
  let storage: ReturnType<typeof installFakeCaches>;
  beforeEach(() => {
    storage = installFakeCaches();
    resetFakeIdb();
    vi.stubGlobal('navigator', {
      onLine: true,
      storage: { persist: async () => true, persisted: async () => true },
    });
    mockFetch({
      'GET /api/tracks/4/stream': () => audio(3000),
      'GET /api/tracks/4/waveform': () => json({ duration: 8, peaks: [0, 1] }),
      'GET /api/tracks/4/versions': () => json(versions),
      'GET /api/tracks/4/versions/1/stream': () => audio(2000),
      'GET /api/tracks/4/versions/1/waveform': () => json({ duration: 8, peaks: [0, 0.5] }),
      'GET /api/tracks/5/stream': () => audio(1000),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the versions list and each earlier version’s stream and peaks, counted in its size; removing takes them', async () => {
    await downloadTrack({ id: 4, name: 'Take', version: 2 });
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    for (const path of [
      '/api/tracks/4/versions',
      '/api/tracks/4/versions/1/stream',
      '/api/tracks/4/versions/1/waveform',
    ])
      expect(cache.has(path), path).toBe(true);
    expect(cache.has('/api/shares/by-token/x/versions/0/stream')).toBe(false);
    expect((await readIndex()).tracks[0]?.size).toBeGreaterThan(5000);

    await removeTrack(4);
    expect(cache.has('/api/tracks/4/versions')).toBe(false);
    expect(cache.has('/api/tracks/4/versions/1/stream')).toBe(false);
    expect(cache.has('/api/tracks/4/stream')).toBe(false);
  });

  it('asks for no versions of a track that has none', async () => {
    const fetched = mockFetch({ 'GET /api/tracks/5/stream': () => audio(1000) });
    await downloadTrack({ id: 5, name: 'Single', version: 1 });
    expect(fetched.mock.calls.map(([u]) => String(u))).not.toContain('/api/tracks/5/versions');
  });

  it('the worker serves a version’s stream from the cache, and the list from the network while there is one', async () => {
    await downloadTrack({ id: 4, name: 'Take', version: 2 });
    const origin = 'http://localhost';
    const at = (path: string) => new Request(`${origin}${path}`, { headers: { range: 'bytes=0-99' } });
    expect(isOfflineMediaRequest(new URL(`${origin}/api/tracks/4/versions/1/stream`), at('/'), origin)).toBe(
      true,
    );
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const part = await offlineMediaResponse(
      at('/api/tracks/4/versions/1/stream'),
      storage as unknown as CacheStorage,
      offline,
    );
    expect(part.status).toBe(206);
    const fresh = vi.fn(async () => json([{ version: 3 }]));
    const list = await offlineMediaResponse(
      new Request(`${origin}/api/tracks/4/versions`),
      storage as unknown as CacheStorage,
      fresh,
    );
    expect(await list.json()).toEqual([{ version: 3 }]);
    const fallback = await offlineMediaResponse(
      new Request(`${origin}/api/tracks/4/versions`),
      storage as unknown as CacheStorage,
      offline,
    );
    expect(((await fallback.json()) as unknown[]).length).toBe(3);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCaches } from '../../test/fake-offline-storage';
import { OFFLINE_MEDIA_CACHE } from './media-urls';
import { isOfflineMediaRequest, offlineMediaResponse } from './sw-routes';

const ORIGIN = 'https://journal.test';
const audio = new Uint8Array(1000).map((_, i) => i % 256);

function request(path: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { headers });
}

describe('the worker route for downloaded media', () => {
  let storage: ReturnType<typeof installFakeCaches>;
  const network = vi.fn(async () => new Response('from the network', { status: 200 }));

  beforeEach(async () => {
    storage = installFakeCaches();
    network.mockClear();
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    await cache.put(
      `${ORIGIN}/api/tracks/7/stream`,
      new Response(audio, { headers: { 'content-type': 'audio/mpeg', 'content-length': '1000' } }),
    );
  });

  it('matches a track’s own stream and waveform, not share links, other routes or other methods', () => {
    const match = (path: string, method = 'GET', origin = ORIGIN, cache: RequestCache = 'default') =>
      isOfflineMediaRequest(
        new URL(path, origin),
        new Request(new URL(path, origin), { method, cache }),
        ORIGIN,
      );
    expect(match('/api/tracks/7/stream')).toBe(true);
    expect(match('/api/tracks/7/waveform')).toBe(true);
    expect(match('/api/shares/by-token/abc/stream')).toBe(false);
    expect(match('/api/tracks/7/original')).toBe(false);
    expect(match('/api/tracks/7')).toBe(false);
    expect(match('/api/tracks/7/stream', 'HEAD')).toBe(false);
    expect(match('/api/tracks/7/stream', 'GET', 'https://elsewhere.test')).toBe(false);
    // The download manager's own fetches (a new version replacing the download) go to the server.
    expect(match('/api/tracks/7/stream', 'GET', ORIGIN, 'no-store')).toBe(false);
    expect(match('/api/tracks/7/waveform', 'GET', ORIGIN, 'no-store')).toBe(false);
  });

  it('answers a Range request from the cached whole file with a 206 and its Content-Range', async () => {
    const res = await offlineMediaResponse(
      request('/api/tracks/7/stream', { range: 'bytes=500-599' }),
      storage as unknown as CacheStorage,
      network,
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 500-599/1000');
    expect(res.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(audio.slice(500, 600));
    expect(network).not.toHaveBeenCalled();
  });

  it('answers an open-ended range (a seek) to the end of the file', async () => {
    const res = await offlineMediaResponse(
      request('/api/tracks/7/stream', { range: 'bytes=900-' }),
      storage as unknown as CacheStorage,
      network,
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 900-999/1000');
  });

  it('answers a request without Range with the whole cached file', async () => {
    const res = await offlineMediaResponse(
      request('/api/tracks/7/stream'),
      storage as unknown as CacheStorage,
      network,
    );
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(1000);
  });

  it('says 416 for a range past the end', async () => {
    const res = await offlineMediaResponse(
      request('/api/tracks/7/stream', { range: 'bytes=5000-' }),
      storage as unknown as CacheStorage,
      network,
    );
    expect(res.status).toBe(416);
  });

  it('sends what is not downloaded to the network, untouched and not stored', async () => {
    const req = request('/api/tracks/8/stream', { range: 'bytes=0-' });
    const res = await offlineMediaResponse(req, storage as unknown as CacheStorage, network);
    expect(await res.text()).toBe('from the network');
    expect(network).toHaveBeenCalledWith(req);
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    expect(cache.has(`${ORIGIN}/api/tracks/8/stream`)).toBe(false);
  });
});

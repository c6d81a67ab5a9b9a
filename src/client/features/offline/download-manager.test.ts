import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DownloadJob,
  getOfflineSnapshot,
  subscribeOffline,
} from '../../entities/offline/offline-status';
import { fakeIdbKeyval, installFakeCaches, resetFakeIdb } from '../../test/fake-offline-storage';
import { json, mockFetch } from '../../test/mock-fetch';
import { readIndex } from './download-index';
import {
  downloadPlaylist,
  downloadTrack,
  removeAllDownloads,
  removePlaylist,
  removeTrack,
} from './download-manager';
import { OFFLINE_MEDIA_CACHE } from './media-urls';

vi.mock('idb-keyval', () => fakeIdbKeyval);

/** A stream reply in `parts` chunks, with its Content-Length, as the server sends a rendition. */
function audioReply(bytes: number, parts = 4) {
  const chunk = Math.ceil(bytes / parts);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < bytes; sent += chunk) {
        controller.enqueue(new Uint8Array(Math.min(chunk, bytes - sent)));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'audio/mpeg', 'content-length': String(bytes) } });
}

const track = (id: number, extra = {}) => ({
  id,
  name: `Track ${id}`,
  artist: 'Demo',
  duration: 8,
  ...extra,
});

describe('the download manager', () => {
  let storage: ReturnType<typeof installFakeCaches>;
  const persist = vi.fn(async () => true);

  beforeEach(() => {
    storage = installFakeCaches();
    resetFakeIdb();
    vi.stubGlobal('navigator', { onLine: true, storage: { persist, persisted: async () => false } });
    mockFetch({
      'GET /api/tracks/1/stream': () => audioReply(4000),
      'GET /api/tracks/1/waveform': () => json({ duration: 8, peaks: [0.1, 0.5] }),
      'GET /api/tracks/2/stream': () => audioReply(2000),
      'GET /api/tracks/2/waveform': () => json({ processing: { state: 'pending' } }, 409),
      'GET /api/tracks/3/stream': () => json({ message: 'Forbidden' }, 403),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores the stream and the waveform under the player’s addresses, with size and index entry', async () => {
    await downloadTrack(track(1, { version: 3 }));
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    expect(cache.has('/api/tracks/1/stream')).toBe(true);
    expect(cache.has('/api/tracks/1/waveform')).toBe(true);
    const stored = await cache.match('/api/tracks/1/stream');
    expect(stored?.headers.get('content-length')).toBe('4000');
    expect(stored?.headers.get('content-type')).toBe('audio/mpeg');
    const { tracks } = await readIndex();
    expect(tracks).toEqual([
      expect.objectContaining({ id: 1, name: 'Track 1', artist: 'Demo', single: true, playlistIds: [] }),
    ]);
    // The version whose file is stored: the sync compares it with the track's (refresh-download.ts).
    expect(tracks[0]?.version).toBe(3);
    expect(tracks[0]?.size).toBeGreaterThan(4000);
    expect(getOfflineSnapshot().trackIds.has(1)).toBe(true);
    expect(getOfflineSnapshot().jobs.size).toBe(0);
    // Asked once, with the first download: the browser may otherwise evict the cache.
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('asks the server for the version a download stores when the caller does not know it', async () => {
    const fetched = mockFetch({
      'GET /api/tracks/2': () => json({ track: { id: 2, version: 4 } }),
      'GET /api/tracks/2/stream': () => audioReply(2000),
    });
    await downloadTrack(track(2));
    expect((await readIndex()).tracks).toEqual([expect.objectContaining({ id: 2, version: 4 })]);
    // Read before the file: the bytes stored are of that version or a newer one, never older.
    const paths = fetched.mock.calls.map(([input]) => String(input));
    expect(paths.indexOf('/api/tracks/2')).toBeLessThan(paths.indexOf('/api/tracks/2/stream'));
  });

  it('reports a playlist’s progress as "n of total" and a percent that only grows', async () => {
    const seen: DownloadJob[] = [];
    const stop = subscribeOffline(() => {
      const job = getOfflineSnapshot().jobs.get('playlist:9');
      if (job) seen.push(job);
    });
    await downloadPlaylist({ id: 9, name: 'Live set' }, [track(1), track(2), track(5, { playable: false })]);
    stop();
    const progress = seen.flatMap((j) => (j.state === 'downloading' ? [j] : []));
    expect(progress[0]).toEqual({ state: 'downloading', done: 0, total: 2, percent: 0 });
    expect(progress.at(-1)).toEqual({ state: 'downloading', done: 2, total: 2, percent: 100 });
    expect(progress.some((j) => j.percent > 0 && j.percent < 50)).toBe(true);
    const percents = progress.map((j) => j.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // A waveform still being made is no failure; a processing track is left out.
    const { tracks, playlists } = await readIndex();
    expect(tracks.map((t) => t.id).sort()).toEqual([1, 2]);
    expect(tracks.every((t) => t.playlistIds.includes(9) && !t.single)).toBe(true);
    expect(playlists).toEqual([expect.objectContaining({ id: 9, name: 'Live set', trackIds: [1, 2, 5] })]);
    expect(getOfflineSnapshot().playlistIds.has(9)).toBe(true);
  });

  it('marks a failed download with its reason for a retry', async () => {
    await expect(downloadTrack(track(3))).rejects.toThrow('The server answered 403');
    expect(getOfflineSnapshot().jobs.get('track:3')).toEqual({
      state: 'failed',
      error: 'The server answered 403',
    });
    expect((await readIndex()).tracks).toEqual([]);
  });

  it('keeps a track downloaded on its own when its playlist’s download is removed', async () => {
    await downloadTrack(track(1));
    await downloadPlaylist({ id: 9, name: 'Live set' }, [track(1), track(2)]);
    await removePlaylist(9);
    const { tracks, playlists } = await readIndex();
    expect(playlists).toEqual([]);
    expect(tracks.map((t) => [t.id, t.playlistIds])).toEqual([[1, []]]);
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    expect(cache.has('/api/tracks/2/stream')).toBe(false);
    expect(cache.has('/api/tracks/1/stream')).toBe(true);
  });

  it('removes one track, or everything', async () => {
    await downloadPlaylist({ id: 9, name: 'Live set' }, [track(1), track(2)]);
    await removeTrack(2);
    expect((await readIndex()).tracks.map((t) => t.id)).toEqual([1]);
    expect(getOfflineSnapshot().trackIds).toEqual(new Set([1]));
    await removeAllDownloads();
    expect(await readIndex()).toEqual({ tracks: [], playlists: [] });
    expect(await storage.has(OFFLINE_MEDIA_CACHE)).toBe(false);
    expect(getOfflineSnapshot().trackIds.size).toBe(0);
  });
});

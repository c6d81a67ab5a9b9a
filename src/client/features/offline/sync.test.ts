import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOfflineSnapshot } from '../../entities/offline/offline-status';
import { fakeIdbKeyval, installFakeCaches, resetFakeIdb } from '../../test/fake-offline-storage';
import { json, mockFetch } from '../../test/mock-fetch';
import { readIndex } from './download-index';
import { downloadPlaylist, downloadTrack } from './download-manager';
import { OFFLINE_MEDIA_CACHE } from './media-urls';
import { syncDownloads } from './sync';

vi.mock('idb-keyval', () => fakeIdbKeyval);

const audio = () => new Response(new Uint8Array(100), { headers: { 'content-length': '100' } });
const track = (id: number) => ({ id, name: `Track ${id}` });
const routes = {
  'GET /api/tracks/1/stream': audio,
  'GET /api/tracks/2/stream': audio,
  'GET /api/tracks/3/stream': audio,
};

describe('syncing the downloads', () => {
  let storage: ReturnType<typeof installFakeCaches>;
  beforeEach(async () => {
    storage = installFakeCaches();
    resetFakeIdb();
    vi.stubGlobal('navigator', { onLine: true });
    mockFetch(routes);
    await downloadTrack(track(1));
    await downloadTrack(track(2));
    await downloadPlaylist({ id: 9, name: 'Set' }, [track(3)]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('removes tracks deleted (404) or made inaccessible (403), and keeps the others', async () => {
    mockFetch({
      'GET /api/playlists/9': () => json({ id: 9, tracks: [{ id: 3 }] }),
      'GET /api/tracks/1': () => json({ message: 'Not found' }, 404),
      'GET /api/tracks/2': () => json({ track: { id: 2 } }),
      'GET /api/tracks/3': () => json({ message: 'Forbidden' }, 403),
    });
    const result = await syncDownloads();
    expect(result.removedTracks.sort()).toEqual([1, 3]);
    expect((await readIndex()).tracks.map((t) => t.id)).toEqual([2]);
    const cache = await storage.open(OFFLINE_MEDIA_CACHE);
    expect(cache.has('/api/tracks/1/stream')).toBe(false);
    expect(cache.has('/api/tracks/2/stream')).toBe(true);
    expect(getOfflineSnapshot().trackIds).toEqual(new Set([2]));
  });

  it('drops a deleted playlist with the tracks only it kept, and tracks taken out of a playlist', async () => {
    await downloadPlaylist({ id: 10, name: 'Other' }, [track(1), track(2)]);
    mockFetch({
      'GET /api/playlists/9': () => json({ message: 'Not found' }, 404),
      'GET /api/playlists/10': () => json({ id: 10, tracks: [{ id: 1 }] }),
      'GET /api/tracks/1': () => json({ track: { id: 1 } }),
      'GET /api/tracks/2': () => json({ track: { id: 2 } }),
    });
    const result = await syncDownloads();
    expect(result.removedPlaylists).toEqual([9]);
    const { tracks, playlists } = await readIndex();
    expect(playlists.map((p) => p.id)).toEqual([10]);
    // 3 was kept only for playlist 9; 2 left playlist 10 but was downloaded on its own.
    expect(tracks.map((t) => [t.id, t.playlistIds]).sort()).toEqual([
      [1, [10]],
      [2, []],
    ]);
  });

  it('follows a downloaded playlist: its new name, and a track added to it is fetched', async () => {
    mockFetch({
      ...routes,
      'GET /api/playlists/9': () =>
        json({ id: 9, name: 'Set (live)', tracks: [{ id: 3 }, { id: 4, name: 'New' }] }),
      'GET /api/tracks/4/stream': audio,
      'GET /api/tracks/1': () => json({ track: { id: 1 } }),
      'GET /api/tracks/2': () => json({ track: { id: 2 } }),
      'GET /api/tracks/3': () => json({ track: { id: 3 } }),
      'GET /api/tracks/4': () => json({ track: { id: 4 } }),
    });
    await syncDownloads();
    const { tracks, playlists } = await readIndex();
    expect(playlists).toEqual([expect.objectContaining({ id: 9, name: 'Set (live)', trackIds: [3, 4] })]);
    expect(tracks.find((t) => t.id === 4)).toEqual(
      expect.objectContaining({ name: 'New', playlistIds: [9] }),
    );
    expect((await storage.open(OFFLINE_MEDIA_CACHE)).has('/api/tracks/4/stream')).toBe(true);
  });

  it('removes nothing when the network fails or the session ended', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await syncDownloads();
    expect((await readIndex()).tracks).toHaveLength(3);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Unauthorized' }, 401)),
    );
    await syncDownloads();
    expect((await readIndex()).tracks).toHaveLength(3);
  });
});

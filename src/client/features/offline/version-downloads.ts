import { fetchIntoCache, fetchWhole } from './media-fetch';
import { OFFLINE_MEDIA_PATH, streamUrl, versionsUrl, waveformUrl } from './media-urls';

// Issue 43 offline (decision 0641): a downloaded track with earlier versions keeps its versions
// list and each version's stream and peaks, so "Compare versions" works without a network.

/** The version addresses a versions list names that are the track's own kind of media. */
function versionMedia(list: unknown, trackId: number): string[] {
  if (!Array.isArray(list)) return [];
  const own = new Set([streamUrl(trackId), waveformUrl(trackId)]);
  return list.flatMap((v: { streamUrl?: unknown; peaksUrl?: unknown }) =>
    [v?.streamUrl, v?.peaksUrl].filter(
      (url): url is string => typeof url === 'string' && OFFLINE_MEDIA_PATH.test(url) && !own.has(url),
    ),
  );
}

/** Stores the versions list and each version's media; the bytes stored (0 when there is no list). */
export async function downloadVersions(cache: Cache, trackId: number): Promise<number> {
  const list = await fetchWhole(versionsUrl(trackId), () => {}, true);
  if (!list) return 0;
  const urls = versionMedia(
    await list.response
      .clone()
      .json()
      .catch(() => null),
    trackId,
  );
  await cache.put(versionsUrl(trackId), list.response);
  let size = list.size;
  // A version's peaks may not exist yet: optional, as the track's own are.
  for (const url of urls) size += await fetchIntoCache(cache, url, () => {}, true);
  return size;
}

/** Takes the versions list and what it named out of the cache. */
export async function removeVersions(cache: Cache, trackId: number): Promise<void> {
  const list = await cache.match(versionsUrl(trackId));
  const urls = list ? versionMedia(await list.json().catch(() => null), trackId) : [];
  await Promise.all([...urls, versionsUrl(trackId)].map((url) => cache.delete(url)));
}

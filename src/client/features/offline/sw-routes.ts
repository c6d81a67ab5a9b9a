import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { OFFLINE_LIST_PATH, OFFLINE_MEDIA_CACHE, OFFLINE_MEDIA_PATH } from './media-urls';

// The service worker's side of offline listening (issue 25), called by sw.ts. Downloads are put in
// the cache by the page (download-manager.ts), never here: a track the person did not mark
// "Available offline" goes straight to the network and is not stored, so streaming a whole journal
// does not fill the phone.

/**
 * A same-origin GET of a track's own stream or waveform (share links' addresses are not downloaded).
 * Not one made with `cache: 'no-store'`: the download manager's own, which wants the server's
 * current file (a new version replacing a download), not the download it would replace.
 */
export function isOfflineMediaRequest(url: URL, request: Request, origin: string): boolean {
  return (
    request.method === 'GET' &&
    request.cache !== 'no-store' &&
    url.origin === origin &&
    OFFLINE_MEDIA_PATH.test(url.pathname)
  );
}

/**
 * Cache first for downloaded media: the cached whole file, sliced to a 206 when the player asks for
 * a range (an <audio> element always does, and seeking asks from the new position); otherwise the
 * network, untouched. The cache is matched on the address alone: the player's Range header and
 * cookies must not make a download miss.
 */
export async function offlineMediaResponse(
  request: Request,
  cacheStorage: CacheStorage = caches,
  network: (request: Request) => Promise<Response> = fetch,
): Promise<Response> {
  const cache = await cacheStorage.open(OFFLINE_MEDIA_CACHE);
  const cached = await cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
  if (!cached) return network(request);
  // A versions list changes (a version processed, a file deleted): the server's while it answers.
  if (OFFLINE_LIST_PATH.test(new URL(request.url).pathname)) {
    const fresh = await network(request).catch(() => null);
    return fresh?.ok ? fresh : cached;
  }
  const range = request.headers.get('range');
  if (!range) return cached;
  // Workbox answers a start past the end with an empty 206; the player is owed a 416 there.
  const start = Number(/^bytes=(\d+)-/.exec(range)?.[1] ?? 0);
  const size = Number(cached.headers.get('content-length') ?? Number.NaN);
  if (start >= size) {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  return createPartialResponse(request, cached);
}

/** Registers the offline media route on Workbox's router; sw.ts calls it once. */
export function registerOfflineRoutes(): void {
  registerRoute(
    ({ url, request }) => isOfflineMediaRequest(url, request, self.location.origin),
    ({ request }) => offlineMediaResponse(request),
  );
}

// Fetching a track's media whole for Cache Storage (issue 25), shared by the first download
// (download-manager.ts) and the sync's refresh after a new version (refresh-download.ts), and the
// track's version a download records.

/** A whole file read into memory, rebuilt as the cache keeps it (the worker slices it for Range). */
export interface FetchedMedia {
  response: Response;
  size: number;
}

/**
 * Fetches `url` whole (no Range, so the copy is the complete file), reading the body to report
 * progress. A missing waveform (404, or 409 while the peaks are made) is not a failure when
 * `optional`: null, and the player draws the plain slider for it.
 */
export async function fetchWhole(
  url: string,
  onProgress: (fraction: number) => void,
  optional = false,
): Promise<FetchedMedia | null> {
  // `no-store`: from the server, never from the worker's copy (sw-routes.ts lets these through;
  // otherwise a refresh would store the old download again) nor from the HTTP cache.
  const res = await fetch(url, { credentials: 'include', cache: 'no-store' });
  if (!res.ok) {
    if (optional) return null;
    throw new Error(res.status === 409 ? 'Still processing' : `The server answered ${res.status}`);
  }
  const expected = Number(res.headers.get('content-length')) || 0;
  const chunks: BlobPart[] = [];
  let read = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      read += value.byteLength;
      if (expected > 0) onProgress(Math.min(1, read / expected));
    }
  } else {
    chunks.push(await res.arrayBuffer());
  }
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const blob = new Blob(chunks, { type });
  const response = new Response(blob, {
    status: 200,
    headers: { 'content-type': type, 'content-length': String(blob.size), 'accept-ranges': 'bytes' },
  });
  return { response, size: blob.size };
}

/** Fetches `url` whole and stores it under that address; its size (0 for a missing optional file). */
export async function fetchIntoCache(
  cache: Cache,
  url: string,
  onProgress: (fraction: number) => void,
  optional = false,
): Promise<number> {
  const media = await fetchWhole(url, onProgress, optional);
  if (!media) return 0;
  await cache.put(url, media.response);
  return media.size;
}

/**
 * The track's version (decision 0220) as the server has it now, or undefined when it does not say
 * (then the sync decides at its first look: see refresh-download.ts).
 */
export async function currentVersion(trackId: number): Promise<number | undefined> {
  try {
    const res = await fetch(`/api/tracks/${trackId}`, { credentials: 'include' });
    const body = res.ok ? ((await res.json()) as { track?: { version?: unknown } }) : null;
    return typeof body?.track?.version === 'number' ? body.track.version : undefined;
  } catch {
    return undefined;
  }
}

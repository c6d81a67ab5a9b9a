import type { Track } from '../shared/schemas/tracks';
import type { TestClient } from './build-test-app';

const MIME_BY_EXTENSION: Record<string, string> = {
  flac: 'audio/flac',
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  aiff: 'audio/aiff',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  webm: 'audio/webm',
};

/** Uploads `data` as a browser would (the declared type from the extension) and returns the track. */
export async function uploadAudio(client: TestClient, name: string, data: Buffer): Promise<Track> {
  const extension = name.split('.').pop() ?? '';
  const res = await client.upload(
    '/api/tracks',
    {},
    { field: 'audio', name, type: MIME_BY_EXTENSION[extension] ?? 'application/octet-stream', data },
  );
  if (res.statusCode !== 201) throw new Error(`upload of ${name} answered ${res.statusCode}: ${res.body}`);
  return res.json<Track>();
}

/** The owner's view of the track once processing has settled (`ready` or `failed`). */
export async function waitForProcessing(
  client: TestClient,
  trackId: number,
  timeoutMs = 20_000,
): Promise<Track> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get('/api/tracks');
    const track = res.json<Track[]>().find((t) => t.id === trackId);
    if (!track) throw new Error(`track ${trackId} is gone`);
    if (track.processing.state !== 'pending') return track;
    if (Date.now() > deadline) throw new Error(`track ${trackId} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

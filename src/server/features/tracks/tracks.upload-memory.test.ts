import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { uploadLargeWav } from '../../../test/large-upload';

const FILE_BYTES = 400 * 1024 * 1024;
const SAMPLE_RATE = 8000;

let t: TestApp;
let client: TestClient & { userId: string };
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUploadBytes: 1024 * 1024 * 1024 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  client = await t.signedInClient();
});
afterAll(async () => t.close());

it('streams a 400 MB upload to storage while server memory stays flat', async () => {
  const { status, body, rssGrowth } = await uploadLargeWav({
    port,
    client,
    bytes: FILE_BYTES,
    sampleRate: SAMPLE_RATE,
  });

  expect(status, body).toBe(201);
  const track = JSON.parse(body);
  expect(track.size).toBe(FILE_BYTES);
  expect(track.duration).toBeCloseTo((FILE_BYTES - 44) / (SAMPLE_RATE * 2), 0);
  // The whole file would be 400 MB; allow generous headroom for buffers in flight and garbage not
  // yet collected while staying far below the file's size. (The client runs in its own process.)
  expect(rssGrowth).toBeLessThan(120 * 1024 * 1024);

  // Streaming it back out is also bounded: read a range from the middle.
  const middle = await client.get(`/api/tracks/${track.id}/stream`, { range: 'bytes=200000000-200000099' });
  expect(middle.statusCode).toBe(206);
  expect(middle.rawPayload.length).toBe(100);
}, 120_000);

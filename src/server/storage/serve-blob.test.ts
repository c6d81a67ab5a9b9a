import { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { FileRangeStream } from './file-range-stream';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('serveBlob on the local disk', () => {
  it('pipes the file stream straight into the response, where it uses its pooled buffers (0089)', async () => {
    const owner = await t.signedInClient();
    const audio = makeWav(2);
    const uploaded = await owner.upload(
      '/api/tracks',
      { name: 'Take' },
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
    );
    expect(uploaded.statusCode).toBe(201);
    // Not through the pass-through object-store streams get (decision 0256).
    const pipe = vi.spyOn(FileRangeStream.prototype, 'pipe');
    try {
      const res = await owner.get(`/api/tracks/${uploaded.json().id}/stream`, { range: 'bytes=100-4099' });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(audio.subarray(100, 4100))).toBe(true);
      expect(pipe).toHaveBeenCalledTimes(1);
      expect(pipe.mock.calls[0]![0]).toBeInstanceOf(ServerResponse);
    } finally {
      pipe.mockRestore();
    }
  });
});

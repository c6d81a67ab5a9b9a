import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { waitForProcessing } from '../../../test/track-processing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
});
afterAll(async () => t?.close());

const storedTrackFiles = () => readdirSync(path.join(t.dataDir, 'files', 'tracks')).sort();

describe('demo accounts: sample tracks are processed like uploads, and swept with all their files', () => {
  it('every sample track gets a waveform and loudness; the sweep removes originals and peaks', async () => {
    const visitor = t.client();
    expect((await visitor.post('/api/auth/demo-session')).statusCode).toBe(200);
    const samples = (await visitor.get('/api/tracks')).json<Track[]>();
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const track = await waitForProcessing(visitor, sample.id);
      expect(track.processing.state).toBe('ready');
      expect(track.loudness).not.toBeNull();
      const waveform = await visitor.get(`/api/tracks/${sample.id}/waveform`);
      expect(waveform.statusCode).toBe(200);
    }
    // Each sample: its original and its peaks (WAV plays everywhere: no rendition).
    expect(storedTrackFiles().filter((f) => f.endsWith('.peaks.json'))).toHaveLength(samples.length);

    expect(await t.app.sweepDemoAccounts(new Date(Date.now() + 48 * 3_600_000))).toBe(1);
    await waitForBlobDeletions(t.db);
    expect(storedTrackFiles()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Waveform } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { ffmpegFixture } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';

// Slow (about half a minute): `npm run test:faults`. A cheap hour: 8 kHz mono MP3 at 8 kbit/s, 3.6 MB.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
});
afterAll(async () => t?.close());

describe('a 1-hour file', () => {
  it('is processed: ready, its duration right, a waveform of at least 500 values', async () => {
    const data = ffmpegFixture(
      'hour-8k-mono.mp3',
      ['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=8000:duration=3600'],
      ['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '8k'],
    );
    const owner = await t.signedInClient();
    const uploaded = await uploadAudio(owner, 'hour.mp3', data);
    const track = await waitForProcessing(owner, uploaded.id, 110_000);
    expect(track.processing).toEqual({ state: 'ready', error: null });
    expect(track.duration).toBeGreaterThan(3599);
    expect(track.duration).toBeLessThan(3601);
    const waveform = (await owner.get(`/api/tracks/${track.id}/waveform`)).json<Waveform>();
    expect(waveform.peaks.length).toBeGreaterThanOrEqual(500);
    expect(waveform.duration).toBeCloseTo(3600, 0);
  }, 180_000);
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../test/media-fixtures';
import { drumLoop, pcmToWav } from '../../test/tempo-key-audio';
import { analyseAudio, UndecodableAudioError } from './analyse-audio';
import { resolveFfmpeg } from './ffmpeg-binaries';
import { TEMPO_KEY_SAMPLE_RATE } from './tempo-key';
import { tempoKeyTap } from './tempo-key-tap';
import { measureTempoAndKeyOffThread, stopTempoKeyWorker, TempoKeyWorkerError } from './tempo-key-thread';

// The worker thread (decision 0813) and the tap that feeds it from ffmpeg (decision 0812).

/** Within 2 % of the truth, or of its half or double (the rule). */
const near = (measured: number | null, truth: number) =>
  measured !== null && [1, 0.5, 2].some((f) => Math.abs(measured - truth * f) <= truth * f * 0.02);

const dir = mkdtempSync(path.join(tmpdir(), 'tempo-key-'));
afterAll(async () => {
  await stopTempoKeyWorker();
  rmSync(dir, { recursive: true, force: true });
});

describe('tempo and key off the main thread', () => {
  it('measures in the worker while the event loop keeps turning', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const result = await measureTempoAndKeyOffThread(drumLoop(120, 0, 20, TEMPO_KEY_SAMPLE_RATE));
    clearInterval(ticker);
    expect(near(result.bpm, 120), `bpm ${result.bpm}`).toBe(true);
    // Essentia's ~0.3 s (more on a loaded machine) ran elsewhere: timers fired meanwhile.
    expect(ticks).toBeGreaterThan(5);
  }, 60_000);

  it('fails retryably, not as an undecodable file, when the worker stops, and starts afresh', async () => {
    const waiting = measureTempoAndKeyOffThread(drumLoop(100, 1, 20, TEMPO_KEY_SAMPLE_RATE));
    await stopTempoKeyWorker();
    const err = await waiting.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TempoKeyWorkerError);
    expect(err).not.toBeInstanceOf(UndecodableAudioError);
    const again = await measureTempoAndKeyOffThread(drumLoop(100, 1, 20, TEMPO_KEY_SAMPLE_RATE));
    expect(near(again.bpm, 100), `bpm ${again.bpm}`).toBe(true);
  }, 60_000);
});

describe.skipIf(!hasFfmpeg)('the tempo and key tap', () => {
  it('reads the middle of a take through ffmpeg: a tempo change at the edges does not count', async () => {
    // 20 s at 150 BPM, 30 s at 90 BPM, 20 s at 150 BPM: the middle 20 s are all 90.
    const parts = [drumLoop(150, 0, 20), drumLoop(90, 0, 30), drumLoop(150, 0, 20)];
    const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const part of parts) {
      all.set(part, offset);
      offset += part.length;
    }
    const input = path.join(dir, 'changes.wav');
    writeFileSync(input, pcmToWav(all));
    const analysis = await analyseAudio({ ffmpeg: resolveFfmpeg().ffmpeg, input, taps: [tempoKeyTap(70)] });
    const { bpm } = analysis.description;
    expect(near(bpm ?? null, 90), `bpm ${bpm}`).toBe(true);
  }, 60_000);
});

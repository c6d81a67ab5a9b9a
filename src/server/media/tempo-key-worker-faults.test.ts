import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../test/media-fixtures';
import { drumLoop, pcmToWav } from '../../test/tempo-key-audio';
import { analyseAudio } from './analyse-audio';
import { resolveFfmpeg } from './ffmpeg-binaries';
import { TEMPO_KEY_SAMPLE_RATE } from './tempo-key';
import { tempoKeyTap } from './tempo-key-tap';
import {
  measureTempoAndKeyOffThread,
  stopTempoKeyWorker,
  TempoKeyMeasureError,
  TempoKeyWorkerError,
  tempoKeyWorkerDrill,
} from './tempo-key-thread';

// The tempo and key worker's faults (decision 0813): a worker that hangs is ended at the excerpt's
// deadline and the take retried (the machine's trouble); essentia throwing on an excerpt leaves the
// take without tempo and key (the file's), and the next excerpt gets a fresh worker.

const dir = mkdtempSync(path.join(tmpdir(), 'tempo-key-faults-'));
const script = (name: string, body: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, `import { parentPort } from 'node:worker_threads';\n${body}\n`);
  return file;
};
const hangs = script('hangs.mjs', 'parentPort.on("message", () => {});');
const throws = script(
  'throws.mjs',
  'parentPort.on("message", ({ id }) => parentPort.postMessage({ id, error: "essentia aborted" }));',
);
const excerpt = () => drumLoop(120, 0, 20, TEMPO_KEY_SAMPLE_RATE);
const near120 = (bpm: number | null | undefined) =>
  bpm != null && [120, 60, 240].some((truth) => Math.abs(bpm - truth) <= truth * 0.02);

afterAll(async () => {
  await stopTempoKeyWorker();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tempo and key worker’s faults', () => {
  it('ends a worker that hangs at the deadline, retryably, and measures again with a fresh one', async () => {
    const restore = await tempoKeyWorkerDrill(hangs, 300);
    const started = performance.now();
    const err = await measureTempoAndKeyOffThread(excerpt()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TempoKeyWorkerError);
    expect(performance.now() - started).toBeLessThan(20_000);
    await restore();
    expect(near120((await measureTempoAndKeyOffThread(excerpt())).bpm)).toBe(true);
  }, 60_000);

  it('reports essentia throwing as the excerpt’s fault, and the next excerpt gets a fresh worker', async () => {
    const restore = await tempoKeyWorkerDrill(throws, 60_000);
    const err = await measureTempoAndKeyOffThread(excerpt()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TempoKeyMeasureError);
    expect(String((err as Error).message)).toContain('essentia aborted');
    await restore();
    expect(near120((await measureTempoAndKeyOffThread(excerpt())).bpm)).toBe(true);
  }, 60_000);
});

describe.skipIf(!hasFfmpeg)('a take while the worker fails', () => {
  const take = () => {
    const input = path.join(dir, 'groove.wav');
    writeFileSync(input, pcmToWav(drumLoop(120, 0, 10)));
    return input;
  };

  it('goes without tempo and key when essentia throws, its other measures kept', async () => {
    const restore = await tempoKeyWorkerDrill(throws, 60_000);
    try {
      const analysis = await analyseAudio({
        ffmpeg: resolveFfmpeg().ffmpeg,
        input: take(),
        taps: [tempoKeyTap(10)],
      });
      expect(analysis.description.bpm).toBeUndefined();
      expect(analysis.description.musicalKey).toBeUndefined();
      expect(analysis.integratedLufs).not.toBeNull();
    } finally {
      await restore();
    }
  }, 60_000);

  it('fails the analysis retryably when the worker hangs (the job tries the take again)', async () => {
    const restore = await tempoKeyWorkerDrill(hangs, 300);
    try {
      const failed = analyseAudio({ ffmpeg: resolveFfmpeg().ffmpeg, input: take(), taps: [tempoKeyTap(10)] });
      await expect(failed).rejects.toBeInstanceOf(TempoKeyWorkerError);
    } finally {
      await restore();
    }
  }, 60_000);
});

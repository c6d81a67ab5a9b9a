import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegFixture, hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { SubsonicParams } from './subsonic-params';
import { planTranscode, startTranscode, type TranscodePlan } from './transcode';
import { estimatedLength, fitToLength } from './transcode-length';

/**
 * A first transcode's length (decision 0800): estimated from the duration and the bit rate, never
 * short of what ffmpeg makes at a constant rate and not much over it, and the bytes sent fitted to
 * exactly that length.
 */
const params = (query = '') => new SubsonicParams({ url: `/rest/stream?${query}` } as FastifyRequest);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('fitToLength', () => {
  const source = (size: number) => Readable.from([Buffer.alloc(size / 2, 1), Buffer.alloc(size / 2, 2)]);

  it('a short source is followed by zero bytes up to the length', async () => {
    const fitted = await collect(fitToLength(source(1000), 200_000));
    expect(fitted.length).toBe(200_000);
    expect(fitted.subarray(0, 500).every((byte) => byte === 1)).toBe(true);
    expect(fitted.subarray(500, 1000).every((byte) => byte === 2)).toBe(true);
    expect(fitted.subarray(1000).every((byte) => byte === 0)).toBe(true);
  });

  it('a long source is cut at the length, an exact one passes as it is', async () => {
    const cut = await collect(fitToLength(source(1000), 700));
    expect(cut.length).toBe(700);
    expect(cut.subarray(500).every((byte) => byte === 2)).toBe(true);
    expect((await collect(fitToLength(source(1000), 1000))).length).toBe(1000);
  });

  it('a cut source is still read to its end: another reader of it gets every byte', async () => {
    const output = new PassThrough();
    const tee = new PassThrough();
    const copy = new PassThrough();
    output.pipe(tee);
    output.pipe(copy);
    const copied = collect(copy);
    const fitted = collect(fitToLength(tee, 10_000));
    for (let i = 0; i < 20; i++) output.write(Buffer.alloc(4096, i));
    output.end();
    expect((await fitted).length).toBe(10_000);
    expect((await copied).length).toBe(20 * 4096);
  });

  it('destroyed (the listener left): the source is destroyed too, as a reply of it would', async () => {
    const output = new PassThrough();
    const fitted = fitToLength(output, 1_000_000);
    output.write(Buffer.alloc(100_000));
    fitted.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(output.destroyed).toBe(true);
  });

  it('an error of the source is the fitted stream error', async () => {
    const failing = new PassThrough();
    const fitted = fitToLength(failing, 100);
    const read = collect(fitted);
    failing.destroy(new Error('ffmpeg died'));
    await expect(read).rejects.toThrow('ffmpeg died');
  });
});

describe('estimatedLength', () => {
  const plan = (format: TranscodePlan['format'], offset = 0): TranscodePlan => ({
    format,
    bitRate: 128,
    offset,
  });

  it('no estimate for AAC (no constant rate), an unknown duration, or estimateContentLength=false', () => {
    expect(estimatedLength(plan('aac'), 60, params())).toBeUndefined();
    expect(estimatedLength(plan('mp3'), null, params())).toBeUndefined();
    expect(estimatedLength(plan('mp3'), 60, params('estimateContentLength=false'))).toBeUndefined();
    expect(estimatedLength(plan('opus'), 60, params('estimateContentLength=FALSE'))).toBeUndefined();
  });

  it('estimated whether or not the client asks (estimateContentLength=true changes nothing)', () => {
    const asked = estimatedLength(plan('mp3'), 60, params('estimateContentLength=true'));
    expect(asked).toBe(estimatedLength(plan('mp3'), 60, params()));
    // 60 s at 128 kbit/s is 960 kB; a little over it.
    expect(asked).toBeGreaterThan(960_000);
    expect(asked).toBeLessThan(970_000);
  });

  it('from timeOffset on: the seconds left', () => {
    const whole = estimatedLength(plan('mp3'), 60, params())!;
    const tail = estimatedLength(plan('mp3', 45), 60, params())!;
    expect(whole - tail).toBeGreaterThan(45 * 16_000 * 0.99);
    expect(whole - tail).toBeLessThan(45 * 16_000 * 1.01);
  });

  it('a long take keeps the zero bytes after it small (an Ogg demuxer looks for the last page near the end)', () => {
    const hour = estimatedLength({ format: 'opus', bitRate: 128, offset: 0 }, 3600, params())!;
    const exact = 3600 * 50 * (320 + 2) + 3600 * 27;
    expect(hour - exact).toBeLessThan(40_000);
  });
});

/** Decodes all of `data` to 8 kHz mono PCM: the seconds of audio a player gets out of it. */
function decodedSeconds(data: Buffer, dir: string): number {
  const file = path.join(dir, `decode-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, data);
  const pcm = execFileSync(
    'ffmpeg',
    ['-v', 'quiet', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '8000', 'pipe:1'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return pcm.length / 16_000;
}

describe.skipIf(!hasFfmpeg)('the estimate against what ffmpeg makes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'transcode-length-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A voice memo's 8 kHz mono and a recording's 44.1 kHz stereo: the encoders' rates do not follow them.
  const memo = path.join(dir, 'memo.wav');
  writeFileSync(memo, makeWav(7.3));
  const stereo = path.join(dir, 'stereo.flac');
  writeFileSync(
    stereo,
    ffmpegFixture(
      'noise-stereo-9s.flac',
      ['-f', 'lavfi', '-i', 'anoisesrc=d=9:c=pink:a=0.4'],
      ['-ac', '2', '-ar', '44100'],
    ),
  );
  const cases: [string, string, number, string][] = [
    [memo, 'mp3', 7.3, 'format=mp3&maxBitRate=32'],
    [memo, 'mp3', 7.3, 'format=mp3&maxBitRate=320'],
    [memo, 'opus', 7.3, 'format=opus&maxBitRate=320'],
    [stereo, 'mp3', 9, 'format=mp3'],
    [stereo, 'mp3', 9, 'format=mp3&maxBitRate=96&timeOffset=4'],
    [stereo, 'opus', 9, 'format=opus&maxBitRate=48'],
    [stereo, 'opus', 9, 'format=opus&maxBitRate=256&timeOffset=2'],
  ];

  it.each(cases)(
    '%s as %s (%s s), %s: never short, little over, and it decodes whole',
    async (file, _f, duration, query) => {
      const plan = planTranscode(params(query), { size: Number.POSITIVE_INFINITY, duration })!;
      const { output } = await startTranscode('ffmpeg', { file }, plan);
      const made = await collect(output);
      const length = estimatedLength(plan, duration, params(query))!;
      expect(length).toBeGreaterThanOrEqual(made.length);
      // Over by the container's header and a few frames: under a tenth of a second of audio, plus the margin.
      expect(length - made.length).toBeLessThan((plan.bitRate * 1000) / 8 / 10 + made.length * 0.002 + 1024);

      const sent = await collect(fitToLength(Readable.from([made]), length));
      expect(sent.length).toBe(length);
      expect(Math.abs(decodedSeconds(sent, dir) - (duration - plan.offset))).toBeLessThan(0.15);
    },
  );
});

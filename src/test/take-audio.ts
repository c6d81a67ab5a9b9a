import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TrackVersion } from '../shared/schemas/track-versions';
import type { TestClient } from './build-test-app';
import { ffmpegFixture } from './media-fixtures';

// Takes of one "song" for issue 43's tests: the same tone bursts after a chosen silence, at a chosen
// level, in a chosen format, made by ffmpeg's lavfi.

const CODECS: Record<string, string[]> = {
  wav: [],
  flac: [],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k'],
  ogg: ['-c:a', 'libvorbis'],
};

/** Three bursts of 440 Hz (0.25 s, 0.15 s, 0.4 s) starting `silence` seconds in, at `gainDb`. */
export function burstTake(extension: 'wav' | 'flac' | 'mp3' | 'ogg', silence: number, gainDb = 0): Buffer {
  const amplitude = (0.5 * 10 ** (gainDb / 20)).toFixed(5);
  const s = silence.toFixed(3);
  const gate = [`between(t-${s}\\,0\\,0.25)`, `between(t-${s}\\,0.6\\,0.75)`, `between(t-${s}\\,1.1\\,1.5)`];
  const expression = `${amplitude}*(${gate.join('+')})*sin(2*PI*440*t)`;
  return ffmpegFixture(
    `bursts-${s}s-${gainDb}dB.${extension}`,
    ['-f', 'lavfi', '-i', `aevalsrc=exprs='${expression}':s=44100:d=3.5`],
    ['-ac', '2', ...(CODECS[extension] ?? [])],
  );
}

/** Integrated loudness (LUFS) by ffmpeg's ebur128 filter run by the test itself on the bytes. */
export function ebur128Lufs(data: Buffer): number {
  const dir = path.join(tmpdir(), 'journal-media-fixtures');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `ebur128-${process.pid}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, data);
  try {
    const log = spawnSync('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      '-af',
      'ebur128',
      '-f',
      'null',
      '-',
    ]).stderr.toString();
    const summary = log.slice(log.lastIndexOf('Summary:'));
    const value = /I:\s*(-?[\d.]+)\s*LUFS/.exec(summary)?.[1];
    if (value === undefined) throw new Error(`no ebur128 summary in: ${log.slice(-500)}`);
    return Number(value);
  } finally {
    rmSync(file, { force: true });
  }
}

/** The track's versions once none is pending any more (as GET /api/tracks/{id}/versions lists them). */
export async function waitForVersions(
  client: TestClient,
  trackId: number,
  settled: (versions: TrackVersion[]) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<TrackVersion[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/tracks/${trackId}/versions`);
    if (res.statusCode !== 200) throw new Error(`versions of ${trackId} answered ${res.statusCode}`);
    const versions = res.json<TrackVersion[]>();
    if (versions.every((v) => v.processingState !== 'pending') && settled(versions)) return versions;
    if (Date.now() > deadline) {
      throw new Error(`versions of ${trackId} not settled after ${timeoutMs} ms: ${res.body}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

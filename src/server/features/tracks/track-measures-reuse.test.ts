import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, sineInput } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks } from '../../db/schema';
import { resolveFfmpeg } from '../../media/ffmpeg-binaries';
import { spectrogramKey } from '../../media/spectrogram';

// Decision 0918: a file whose very bytes were measured already is not run through ffmpeg again,
// where reusing the twin tells nobody anything. Every ffmpeg run goes through a wrapper that
// counts it, so each test says how many files were really measured.

let t: TestApp;
let owner: TestClient & { userId: string };
let work: string;
const logLines: { msg?: string; trackId?: number; twinId?: number }[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'journal-twins-'));
  const wrapper = path.join(work, 'ffmpeg');
  const real = resolveFfmpeg().ffmpeg;
  writeFileSync(wrapper, `#!/bin/sh\necho run >> "${path.join(work, 'runs')}"\nexec "${real}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  t = await buildTestApp({
    mediaWorkers: 1,
    // Only the media job runs ffmpeg: the upload's own fingerprint run would count too.
    fingerprintUploads: false,
    config: { ffmpegPath: wrapper },
    logStream: { write: (line) => void logLines.push(JSON.parse(line)) },
  });
  owner = await t.signedInClient();
});
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const ffmpegRuns = () => {
  const file = path.join(work, 'runs');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
};
const blob = (key: string) => readFileSync(path.join(t.dataDir, 'files', key));
const rowOf = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0]!;
/**
 * The job's 'Track processed' line. It is written after the row turns ready (versions realigned,
 * threads carried), so a test that has just seen `ready` waits for it.
 */
async function processedLine(trackId: number) {
  const line = () => logLines.find((l) => l.msg === 'Track processed' && l.trackId === trackId);
  await expect.poll(line, { timeout: 10_000, interval: 20 }).toBeDefined();
  return line()!;
}

async function uploadReady(client: TestClient, name: string, data: Buffer): Promise<Track> {
  const track = await waitForProcessing(client, (await uploadAudio(client, name, data)).id);
  expect(track.processing.state).toBe('ready');
  return track;
}

/** The measures two rows must share: everything but their own files' keys and their ids. */
function measures(row: typeof tracks.$inferSelect) {
  const { loudnessLufs, truePeakDb, duration, sampleRate, channels, onsets, audioStartSeconds } = row;
  const { bpm, musicalKey, loudnessRange, fingerprint, fingerprintHashes, analysisLevel, originalPlayable } =
    row;
  return {
    ...{ loudnessLufs, truePeakDb, duration, sampleRate, channels, onsets, audioStartSeconds },
    ...{ bpm, musicalKey, loudnessRange, fingerprint, fingerprintHashes, analysisLevel, originalPlayable },
    renditionMimeType: row.renditionMimeType,
  };
}

describe('a byte-identical file takes its twin’s measures (decision 0918)', () => {
  // Opus: browsers need a rendition, so peaks, spectrogram and rendition are all copied.
  const opus = () => ffmpegFixture('twin-tone-4s.opus', sineInput(4, 523), ['-ac', '2', '-c:a', 'libopus']);

  it('the same owner’s second upload: no ffmpeg run, the same measures, files of its own that outlive the first', async () => {
    const before = ffmpegRuns();
    const first = await uploadReady(owner, 'first take.opus', opus());
    expect(ffmpegRuns()).toBe(before + 1);
    const second = await uploadReady(owner, 'same take again.opus', opus());
    expect(ffmpegRuns()).toBe(before + 1);
    expect((await processedLine(second.id)).twinId).toBe(first.id);
    expect((await processedLine(first.id)).twinId).toBeUndefined();

    const [a, b] = [await rowOf(first.id), await rowOf(second.id)];
    expect(measures(b)).toEqual(measures(a));
    expect(b.renditionKey).not.toBeNull();
    const pairs: [string, string][] = [
      [b.peaksKey!, a.peaksKey!],
      [spectrogramKey(b.peaksKey!)!, spectrogramKey(a.peaksKey!)!],
      [b.renditionKey!, a.renditionKey!],
    ];
    for (const [mine, theirs] of pairs) {
      expect(mine).not.toBe(theirs);
      expect(blob(mine).equals(blob(theirs))).toBe(true);
    }
    const waveform = (id: number) => owner.get(`/api/tracks/${id}/waveform`);
    expect((await waveform(second.id)).body).toBe((await waveform(first.id)).body);

    // The first goes, with its files; the second keeps its own.
    expect((await owner.delete(`/api/tracks/${first.id}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
    expect(existsSync(path.join(t.dataDir, 'files', a.peaksKey!))).toBe(false);
    expect((await waveform(second.id)).statusCode).toBe(200);
    const stream = await owner.get(`/api/tracks/${second.id}/stream`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mp4');
  });

  it('someone else’s byte-identical file is measured anew: how soon it is ready says nothing', async () => {
    const data = ffmpegFixture('twin-tone-3s-a.wav', sineInput(3, 660));
    await uploadReady(owner, 'mine.wav', data);
    const before = ffmpegRuns();
    const other = await t.signedInClient();
    const theirs = await uploadReady(other, 'theirs.wav', data);
    expect(ffmpegRuns()).toBe(before + 1);
    expect((await processedLine(theirs.id)).twinId).toBeUndefined();
  });

  it('a twin whose files are gone: the file is measured after all, and nothing half-copied stays', async () => {
    const data = ffmpegFixture('twin-tone-3s-b.wav', sineInput(3, 770));
    const first = await uploadReady(owner, 'kept.wav', data);
    const row = await rowOf(first.id);
    // The peaks copy works; the spectrogram's fails: the peaks copy must not be left behind.
    rmSync(path.join(t.dataDir, 'files', spectrogramKey(row.peaksKey!)!));
    const before = ffmpegRuns();
    const second = await uploadReady(owner, 'kept again.wav', data);
    expect(ffmpegRuns()).toBe(before + 1);
    expect((await processedLine(second.id)).twinId).toBeUndefined();
    const keys = (await t.db.select({ peaksKey: tracks.peaksKey }).from(tracks)).map((r) => r.peaksKey);
    const stored = readdirPeaks();
    expect(stored.sort()).toEqual(keys.filter((k): k is string => k !== null).sort());
  });
});

describe('demo accounts share the sample recordings’ measures (decision 0918)', () => {
  it('the second visitor’s samples are ready without ffmpeg; a visitor’s own upload is not shared', async () => {
    const runs = ffmpegRuns();
    const first = t.client();
    expect((await first.post('/api/auth/demo-session')).statusCode).toBe(200);
    const firstSamples = first.get('/api/tracks').then((r) => r.json<Track[]>());
    for (const sample of await firstSamples) await waitForProcessing(first, sample.id);
    const samples = (await firstSamples).length;
    expect(samples).toBeGreaterThan(0);
    expect(ffmpegRuns()).toBe(runs + samples);

    const second = t.client();
    expect((await second.post('/api/auth/demo-session')).statusCode).toBe(200);
    const secondSamples = (await second.get('/api/tracks')).json<Track[]>();
    for (const sample of secondSamples) {
      expect((await waitForProcessing(second, sample.id)).processing.state).toBe('ready');
      expect((await processedLine(sample.id)).twinId).toEqual(expect.any(Number));
    }
    expect(ffmpegRuns()).toBe(runs + samples);
    const ids = [...(await firstSamples), ...secondSamples].map((s) => s.id);
    const rows = await t.db.select().from(tracks).where(inArray(tracks.id, ids));
    const byName = (name: string) => rows.filter((r) => r.name === name).map(measures);
    for (const { name } of secondSamples) {
      const [a, b] = byName(name);
      expect(b).toEqual(a);
      // Music, long enough: a tempo, a key and a fingerprint were measured, and carried over.
      expect(a).toMatchObject({ bpm: expect.any(Number), musicalKey: expect.any(String) });
      expect(a?.fingerprint).toEqual(expect.any(String));
    }
    // Signed in by the demo sessions: their CSRF tokens come with the new sessions.
    first.resetCsrf();
    second.resetCsrf();

    // Bytes a demo visitor brought are theirs: another visitor's copy is measured anew.
    const data = ffmpegFixture('twin-tone-3s-c.wav', sineInput(3, 880));
    await uploadReady(first, 'brought.wav', data);
    const before = ffmpegRuns();
    await uploadReady(second, 'brought too.wav', data);
    expect(ffmpegRuns()).toBe(before + 1);
  });
});

function readdirPeaks(): string[] {
  const dir = path.join(t.dataDir, 'files', 'tracks');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.peaks.json'))
    .map((name) => `tracks/${name}`);
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitPointOf } from '../../shared/schemas/track-split';
import { type Rehearsal, rehearsalPlan, rehearsalTake } from '../../test/rehearsal-audio';
import { analyseAudio } from './analyse-audio';
import { probeAudio } from './audio-probe';
import { resolveFfmpeg } from './ffmpeg-binaries';
import { findSilences, LevelEnvelope, WINDOW_SECONDS } from './silence-tap';
import { takeDescriptionTaps } from './take-description';

const dir = mkdtempSync(path.join(tmpdir(), 'silences-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The media job's analysis of bytes, with the registry's taps for what the probe tells. */
async function describeTake(name: string, data: Buffer) {
  const input = path.join(dir, name);
  writeFileSync(input, data);
  const facts = await probeAudio(input);
  const analysis = await analyseAudio({
    ffmpeg: resolveFfmpeg().ffmpeg,
    input,
    taps: takeDescriptionTaps(facts),
  });
  return analysis.description;
}

/** Each true pause's middle beside the nearest proposed point. */
function pointErrors(plan: Rehearsal, silences: { start: number; end: number }[]) {
  const proposed = silences.map(splitPointOf);
  return plan.silences.map((truth) => {
    const want = (truth.start + truth.end) / 2;
    return Math.min(...proposed.map((p) => Math.abs(p - want)));
  });
}

describe('silences of a long recording (decision 0850)', () => {
  it('proposes the middle of every pause of a 20-minute rehearsal within 0.2 s, and nothing else', async () => {
    const plan = rehearsalPlan(1200, 10);
    const { silences } = await describeTake('rehearsal.mp3', rehearsalTake(plan));
    expect(silences).toHaveLength(plan.silences.length);
    for (const error of pointErrors(plan, silences ?? [])) expect(error).toBeLessThan(0.2);
  }, 120_000);

  it('finds the pauses under a room hiss 30 dB below the songs (threshold from the take loudness)', async () => {
    const plan = rehearsalPlan(1200, 10);
    const { silences } = await describeTake('noisy.mp3', rehearsalTake(plan, -30));
    expect(silences).toHaveLength(plan.silences.length);
    for (const error of pointErrors(plan, silences ?? [])) expect(error).toBeLessThan(0.2);
  }, 120_000);

  it('leaves a take of 5 minutes or less alone, pauses and all', async () => {
    const plan = rehearsalPlan(290, 3);
    expect(plan.silences).toHaveLength(2);
    const { silences } = await describeTake('short.mp3', rehearsalTake(plan));
    expect(silences ?? null).toBeNull();
  }, 60_000);
});

describe('findSilences', () => {
  const levels = (pattern: [db: number, seconds: number][]) =>
    Float32Array.from(pattern.flatMap(([db, s]) => Array(Math.round(s / WINDOW_SECONDS)).fill(db)));

  it('keeps runs of 3 s or more with sound on both sides', () => {
    const found = findSilences(
      levels([
        [-90, 4], // the take's lead-in: not between songs
        [-10, 10],
        [-90, 2.9], // too short
        [-10, 10],
        [-60, 3], // quiet enough, long enough
        [-10, 10],
        [-90, 5], // the tail
      ]),
      -40,
    );
    expect(found).toEqual([{ start: 26.9, end: 29.9 }]);
  });

  it("a blip of hiss or a click inside a pause does not break it; a song's edges stay where they are", () => {
    const found = findSilences(
      levels([
        [-10, 10],
        [-60, 1.5],
        [-30, 0.1], // two windows over the threshold: the room, not a song
        [-60, 1.6],
        [-10, 10],
        [-60, 3.05],
        [-10, 10],
      ]),
      -40,
    );
    expect(found).toEqual([
      { start: 10, end: 13.2 },
      { start: 23.2, end: 26.25 },
    ]);
  });

  it('keeps the 100 longest, in time order, of a take with more', () => {
    const pattern: [number, number][] = [[-10, 1]];
    for (let i = 0; i < 120; i++) pattern.push([-90, i === 7 ? 3 : 4], [-10, 1]);
    const found = findSilences(levels(pattern), -40);
    expect(found).toHaveLength(100);
    expect(found.every((s) => s.end - s.start > 3.5)).toBe(true);
    expect(found.map((s) => s.start)).toEqual([...found.map((s) => s.start)].sort((a, b) => a - b));
  });

  it('measures the level of each 50 ms from chunks that end mid-sample', () => {
    const envelope = new LevelEnvelope();
    const samples = new Float32Array(800).fill(0.5);
    const bytes = Buffer.from(samples.buffer);
    envelope.push(bytes.subarray(0, 1001));
    envelope.push(bytes.subarray(1001));
    const db = envelope.finish();
    expect(db).toHaveLength(2);
    expect(db[0]).toBeCloseTo(10 * Math.log10(0.25), 3);
  });
});

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS, PITCH_CLASSES, relativeKey } from '../../shared/musical-keys';
import { chordProgression, DRUM_PATTERNS, drumLoop } from '../../test/tempo-key-audio';
import {
  type EssentiaLike,
  measureTempoAndKey,
  TEMPO_KEY_SAMPLE_RATE,
  TEMPO_KEY_WINDOW_SECONDS,
} from './tempo-key';

// The accuracy issue 47 asks for, on audio this test builds: BPM within ±2 % (or its half or
// double) on ≥ 95 % of drum patterns from 60 to 180 BPM, key right or its relative on ≥ 90 % of
// cadences in all 24 keys. With WRITE_ACCURACY=1 it writes the table to docs/analysis-accuracy-A.md.

const { Essentia, EssentiaWASM } = createRequire(import.meta.url)('essentia.js');
const essentia = new Essentia(EssentiaWASM) as EssentiaLike;
const rate = TEMPO_KEY_SAMPLE_RATE;
const seconds = TEMPO_KEY_WINDOW_SECONDS;

const tempoOk = (truth: number, measured: number | null) =>
  measured !== null && [1, 0.5, 2].some((f) => Math.abs(measured - truth * f) <= truth * f * 0.02);

/** CPU milliseconds `run` takes on this thread (wall time says little on a shared machine). */
function cpuMs<T>(run: () => T): [T, number] {
  const before = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(before);
  return [result, (used.user + used.system) / 1000];
}

type Row = { truth: string; measured: string; confidence: string; ok: boolean; cpuMs: number };

describe('tempo and key accuracy (issue 47)', () => {
  const tempoRows: Row[] = [];
  const keyRows: Row[] = [];

  it('measures the tempo of drum patterns from 60 to 180 BPM within 2 % (or half/double)', () => {
    for (let bpm = 60, index = 0; bpm <= 180; bpm += 5, index++) {
      for (const pattern of [index % DRUM_PATTERNS.length, (index + 2) % DRUM_PATTERNS.length]) {
        const [result, cpu] = cpuMs(() =>
          measureTempoAndKey(essentia, drumLoop(bpm, pattern, seconds, rate)),
        );
        tempoRows.push({
          truth: `${bpm} BPM, ${DRUM_PATTERNS[pattern]!.name}`,
          measured: String(result.bpm),
          confidence: String(result.bpmConfidence),
          ok: tempoOk(bpm, result.bpm),
          cpuMs: cpu,
        });
      }
    }
    const share = tempoRows.filter((row) => row.ok).length / tempoRows.length;
    expect(tempoRows).toHaveLength(50);
    expect(
      share,
      tempoRows
        .filter((row) => !row.ok)
        .map((row) => row.truth)
        .join('; '),
    ).toBeGreaterThanOrEqual(0.95);
    // A steady groove repeats every beat: the confidence says so.
    const confidences = tempoRows.map((row) => Number(row.confidence));
    expect(confidences.every((c) => c >= 0 && c <= 1)).toBe(true);
    expect(confidences.filter((c) => c >= 0.5).length / confidences.length).toBeGreaterThanOrEqual(0.9);
  }, 180_000);

  it('names the key of I–IV–V–I and i–iv–V–i cadences in all 24 keys (or their relative)', () => {
    for (const key of MUSICAL_KEYS) {
      const [pitch, mode] = key.split(' ');
      const tonic = PITCH_CLASSES.indexOf(pitch as (typeof PITCH_CLASSES)[number]);
      const samples = chordProgression(tonic, mode as 'major' | 'minor', seconds, rate);
      const [result, cpu] = cpuMs(() => measureTempoAndKey(essentia, samples));
      keyRows.push({
        truth: key,
        measured: String(result.musicalKey),
        confidence: String(result.keyConfidence),
        ok: result.musicalKey === key || result.musicalKey === relativeKey(key),
        cpuMs: cpu,
      });
    }
    const share = keyRows.filter((row) => row.ok).length / keyRows.length;
    expect(
      share,
      keyRows
        .filter((row) => !row.ok)
        .map((row) => row.truth)
        .join('; '),
    ).toBeGreaterThanOrEqual(0.9);
    for (const row of keyRows) expect(Number(row.confidence)).toBeGreaterThan(0);
    if (process.env.WRITE_ACCURACY) writeTable(tempoRows, keyRows);
  }, 180_000);

  it('measures nothing in silence, in noise-free quiet or in a too short piece', () => {
    expect(measureTempoAndKey(essentia, new Float32Array(seconds * rate))).toEqual({
      bpm: null,
      bpmConfidence: null,
      musicalKey: null,
      keyConfidence: null,
    });
    expect(measureTempoAndKey(essentia, drumLoop(120, 0, 3, rate)).bpm).toBeNull();
  });

  it('reads NaN and infinities as silence (essentia spins on them for minutes)', () => {
    expect(measureTempoAndKey(essentia, new Float32Array(seconds * rate).fill(Number.NaN)).bpm).toBeNull();
    const groove = drumLoop(100, 0, seconds, rate);
    for (let i = 0; i < groove.length; i += 997) groove[i] = i % 2 ? Number.POSITIVE_INFINITY : Number.NaN;
    const measured = measureTempoAndKey(essentia, groove).bpm ?? 0;
    expect(
      [50, 100, 200].some((truth) => Math.abs(measured - truth) <= truth * 0.02),
      `bpm ${measured}`,
    ).toBe(true);
  }, 60_000);

  it('is less sure of the tempo of noise than of a groove', () => {
    // xorshift32: repeatable white noise (no period anywhere near a beat).
    let state = 7;
    const noise = new Float32Array(seconds * rate).map(() => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return ((state >>> 0) / 2 ** 32 - 0.5) * 0.5;
    });
    const groove = measureTempoAndKey(essentia, drumLoop(100, 0, seconds, rate));
    const hiss = measureTempoAndKey(essentia, noise);
    expect(hiss.bpmConfidence ?? 0).toBeLessThan(0.2);
    expect(groove.bpmConfidence ?? 0).toBeGreaterThan((hiss.bpmConfidence ?? 0) + 0.3);
  });
});

function writeTable(tempoRows: Row[], keyRows: Row[]) {
  const percent = (rows: Row[]) => `${rows.filter((r) => r.ok).length}/${rows.length}`;
  const mean = (rows: Row[]) => (rows.reduce((sum, r) => sum + r.cpuMs, 0) / rows.length).toFixed(0);
  const table = (rows: Row[]) =>
    [
      '| Truth | Measured | Confidence | OK | CPU ms (tempo + key) |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.truth} | ${r.measured} | ${r.confidence} | ${r.ok ? 'yes' : '**no**'} | ${r.cpuMs.toFixed(0)} |`,
      ),
    ].join('\n');
  const exactTempo = tempoRows.filter((r) => {
    const truth = Number.parseFloat(r.truth);
    return Math.abs(Number(r.measured) - truth) <= truth * 0.02;
  }).length;
  const text = `# Tempo and key accuracy (issue 47, helper A)

Written by \`WRITE_ACCURACY=1 npx vitest run --project server --maxWorkers=1 src/server/media/tempo-key.accuracy.test.ts\`
on audio the test builds (src/test/tempo-key-audio.ts): ${seconds} s excerpts, mono, ${rate} Hz, as the tap
hands them to essentia.js (PercivalBpmEstimator and KeyExtractor 'bgate', decision 0812).

- Tempo: ${percent(tempoRows)} within ±2 % of the truth or its half/double (threshold 95 %), of which ${exactTempo}/${tempoRows.length} within ±2 % of the truth itself; mean CPU ${mean(tempoRows)} ms an excerpt.
- Key: ${percent(keyRows)} right or the relative key (threshold 90 %); exact ${keyRows.filter((r) => r.measured === r.truth).length}/${keyRows.length}; mean CPU ${mean(keyRows)} ms an excerpt.

CPU is this thread's user + system time (the machine is shared, so wall time says little); each
excerpt is measured for both tempo and key, so each row's time covers both.

## Tempo

${table(tempoRows)}

## Key

${table(keyRows)}
`;
  writeFileSync(path.resolve('docs/analysis-accuracy-A.md'), text);
}

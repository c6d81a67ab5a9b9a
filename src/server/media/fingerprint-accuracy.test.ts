import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PIECES, type Piece, pieceTake, type TakeVariant } from '../../test/fingerprint-audio';
import { resolveFfmpeg } from './ffmpeg-binaries';
import {
  compareFingerprints,
  decodeFingerprint,
  encodeFingerprint,
  fingerprintHashes,
} from './fingerprint-match';
import { fingerprintFile } from './take-fingerprint';

// The accuracy of "you already have this take" (issue 47, decision 0831) on takes the tests make.
// WRITE_ACCURACY=1 npx vitest run --project server src/server/media/fingerprint-accuracy.test.ts
// writes the table to docs/analysis-accuracy-B.md.

const dir = mkdtempSync(path.join(tmpdir(), 'fingerprint-accuracy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ffmpeg = resolveFfmpeg().ffmpeg;

async function fingerprintOf(piece: Piece, variant: TakeVariant) {
  const file = path.join(
    dir,
    `${piece.name}-${variant.extension}-${variant.trimSeconds ?? 0}-${variant.gainDb ?? 0}`,
  );
  writeFileSync(file, pieceTake(piece, variant));
  const started = performance.now();
  const raw = await fingerprintFile(ffmpeg, file);
  if (!raw) throw new Error(`no fingerprint of ${file}`);
  return { raw, file, ms: performance.now() - started };
}

const SAME: { label: string; piece: Piece; variant: TakeVariant }[] = [];
for (const piece of [PIECES.first, PIECES.other]) {
  SAME.push(
    { label: 'MP3 128 kbps', piece, variant: { extension: 'mp3' } },
    { label: 'Ogg Vorbis', piece, variant: { extension: 'ogg' } },
    { label: 'trimmed by 2 s', piece, variant: { extension: 'wav', trimSeconds: 2 } },
    { label: 'trimmed by 5 s', piece, variant: { extension: 'wav', trimSeconds: 5 } },
    { label: '−6 dB', piece, variant: { extension: 'wav', gainDb: -6 } },
    { label: '+4 dB', piece, variant: { extension: 'wav', gainDb: 4 } },
    { label: 'MP3, trimmed by 2 s, −6 dB', piece, variant: { extension: 'mp3', trimSeconds: 2, gainDb: -6 } },
  );
}
const DIFFERENT: [Piece, Piece, string][] = [
  [PIECES.first, PIECES.other, 'different pieces'],
  [PIECES.other, PIECES.sibling, 'different pieces'],
  [PIECES.first, PIECES.sibling, 'same scale, tempo and sound, other notes'],
];

describe('fingerprint similarity on takes the tests make', () => {
  const rows: string[] = [];

  it('scores the same take re-encoded, trimmed or at another level 0.9 or more', {
    timeout: 120_000,
  }, async () => {
    for (const { label, piece, variant } of SAME) {
      const original = await fingerprintOf(piece, { extension: 'wav' });
      const copy = await fingerprintOf(piece, variant);
      const result = compareFingerprints(original.raw, copy.raw)!;
      const shared = fingerprintHashes(copy.raw).filter((h) => fingerprintHashes(original.raw).includes(h));
      rows.push(row(`${piece.name}: ${label}`, 'same', result, shared.length));
      expect(result.similarity, `${piece.name} ${label}`).toBeGreaterThanOrEqual(0.9);
      // The index finds it: the copy shares hashes with the original.
      expect(shared.length).toBeGreaterThan(10);
    }
  });

  it('scores different takes 0.3 or less', { timeout: 60_000 }, async () => {
    for (const [a, b, label] of DIFFERENT) {
      const first = await fingerprintOf(a, { extension: 'wav' });
      const second = await fingerprintOf(b, { extension: 'mp3' });
      const result = compareFingerprints(first.raw, second.raw)!;
      const shared = fingerprintHashes(second.raw).filter((h) => fingerprintHashes(first.raw).includes(h));
      rows.push(row(`${a.name} / ${b.name}: ${label}`, 'different', result, shared.length));
      expect(result.similarity, `${a.name} / ${b.name}`).toBeLessThanOrEqual(0.3);
    }
  });

  it('round-trips the stored form (base64 of little-endian uint32)', async () => {
    const { raw } = await fingerprintOf(PIECES.first, { extension: 'wav' });
    expect(decodeFingerprint(encodeFingerprint(raw))).toEqual(raw);
    expect(Buffer.from(encodeFingerprint(raw), 'base64').readUInt32LE(4)).toBe(raw[1]);
  });

  it('gives what fpcalc -raw gives, where fpcalc is installed (decision 0830)', {
    timeout: 30_000,
  }, async () => {
    const { raw, file, ms } = await fingerprintOf(PIECES.first, { extension: 'mp3' });
    let fpcalc = 'not installed';
    const started = performance.now();
    // fpcalc 1.5 exits 1 at an MP3's last frame ("Error decoding audio frame (End of file)") after
    // printing the whole fingerprint: its output is what counts.
    const run = spawnSync('fpcalc', ['-raw', '-length', '120', file]);
    if (!run.error) {
      const fpcalcMs = performance.now() - started;
      const values = /FINGERPRINT=(.*)/
        .exec(run.stdout.toString())![1]!
        .split(',')
        .map((v) => Number(v) >>> 0);
      const fromFpcalc = Uint32Array.from(values);
      const agreement = compareFingerprints(fromFpcalc, raw)!;
      fpcalc = `${fpcalcMs.toFixed(0)} ms; ${fromFpcalc.length} sub-fingerprints against ${raw.length} by the WASM path, bit error rate between them ${agreement.bitErrorRate.toFixed(4)}`;
      expect(agreement.similarity).toBe(1);
      expect(Math.abs(fromFpcalc.length - raw.length)).toBeLessThanOrEqual(2);
    }
    if (process.env.WRITE_ACCURACY) writeTable(rows, `${ms.toFixed(0)} ms`, fpcalc);
  });
});

function row(
  label: string,
  expected: string,
  result: { similarity: number; bitErrorRate: number; offsetSeconds: number },
  shared: number,
) {
  return `| ${label} | ${expected} | ${result.similarity.toFixed(2)} | ${result.bitErrorRate.toFixed(3)} | ${result.offsetSeconds.toFixed(2)} | ${shared} |`;
}

function writeTable(rows: string[], wasm: string, fpcalc: string) {
  const text = `# Fingerprint accuracy (issue 47, helper B)

Measured by \`src/server/media/fingerprint-accuracy.test.ts\` on pieces the tests make note by note
(\`src/test/fingerprint-audio.ts\`: 30 s melodies with harmonics over a little noise; \`first\` in C
major at 120 BPM, \`other\` in A minor at 84 BPM with another sound, \`sibling\` the same scale, tempo
and sound as \`first\` with the notes in another order). Regenerate:

    WRITE_ACCURACY=1 npx vitest run --project server src/server/media/fingerprint-accuracy.test.ts

Similarity is 1 at a bit error rate of 0.05 or less and 0 at 0.35 or more, linear between
(decision 0831); an upload is reported from 0.6 (decision 0832). "Shared hashes": sub-fingerprints
(their 20 high bits) the two have in common, by which the GIN index finds the candidate.

| Pair | Expected | Similarity | Bit error rate | Offset (s) | Shared hashes |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Criteria (issue 47): the same take re-encoded, trimmed by 2 s or at −6 dB ≥ 0.9; different takes
≤ 0.3. Both hold on every row above (the test fails otherwise).

Cost of one upload's fingerprint (ffmpeg decoding the opening ≤ 120 s to 11 025 Hz mono, then the
WASM Chromaprint), 30 s MP3, on this machine while other work ran: ${wasm}.
\`fpcalc -raw\` on the same file: ${fpcalc}.
`;
  writeFileSync(path.join(import.meta.dirname, '../../../docs/analysis-accuracy-B.md'), text);
}

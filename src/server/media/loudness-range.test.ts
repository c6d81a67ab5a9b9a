import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLATFORMS, platformGainDb } from '../../shared/platform-loudness';
import { ffmpegFixture } from '../../test/media-fixtures';
import { analyseAudio, parseLoudnessRange } from './analyse-audio';
import { resolveFfmpeg } from './ffmpeg-binaries';

// Loudness as the platforms play it (issue 47, decision 0840): the loudness range from the ebur128
// summary, checked on audio whose loudness is known by construction. With ACCURACY_REPORT=1 the
// figures are written to docs/analysis-accuracy-C.md (see that file for the command).

const dir = mkdtempSync(path.join(tmpdir(), 'lra-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SUMMARY = `[Parsed_ebur128_0 @ 0x5] Summary:

  Integrated loudness:
    I:         -12.3 LUFS
    Threshold: -22.5 LUFS

  Loudness range:
    LRA:         7.4 LU
    Threshold: -32.6 LUFS
    LRA low:   -17.1 LUFS
    LRA high:   -9.7 LUFS

  True peak:
    Peak:        0.4 dBFS`;

describe('parseLoudnessRange', () => {
  it('reads LRA from the last ebur128 summary', () => {
    expect(parseLoudnessRange(SUMMARY)).toBe(7.4);
    const earlier = SUMMARY.replace('7.4 LU', '1.0 LU');
    expect(parseLoudnessRange(`${earlier}\n${SUMMARY}`)).toBe(7.4);
  });

  it('is null without a summary or without a number', () => {
    expect(parseLoudnessRange('Error while decoding stream')).toBeNull();
    expect(parseLoudnessRange(SUMMARY.replace('7.4 LU', 'nan LU'))).toBeNull();
    expect(parseLoudnessRange(SUMMARY.replace(/Loudness range:[\s\S]*?LRA high:.*\n/, ''))).toBeNull();
  });
});

/** A take known by construction: its integrated loudness, loudness range and true peak. */
interface KnownTake {
  name: string;
  lavfi: string;
  lufs: number;
  lra: number;
  truePeakDb: number | null;
}

// BS.1770: a stereo 997 Hz sine of peak level L dBFS in both channels reads L LUFS, its true peak L.
const sine = (level: number): KnownTake => ({
  name: `997 Hz sine at ${level} dBFS, 20 s`,
  lavfi: `aevalsrc=exprs='${10 ** (level / 20)}*sin(2*PI*997*t)|${10 ** (level / 20)}*sin(2*PI*997*t)':s=48000:d=20`,
  lufs: level,
  lra: 0,
  truePeakDb: level,
});

// Sections of 12 s alternating between two levels `step` dB apart: the short-term loudness spends
// half its time at each, so LRA (10th to 95th percentile) is the step. Its peak is the noise's own.
const steps = (step: number): KnownTake => ({
  name: `pink noise, 12 s sections ${step} dB apart, 96 s`,
  lavfi: `anoisesrc=c=pink:r=48000:a=0.25:d=96:seed=7,volume='if(lt(mod(t,24),12),1,${10 ** (-step / 20)})':eval=frame`,
  lufs: Number.NaN,
  lra: step,
  truePeakDb: null,
});

const TAKES: KnownTake[] = [sine(-6), sine(-14), sine(-20), sine(-30), steps(6), steps(12), steps(20)];

async function measure(take: KnownTake) {
  const name = `${take.name.replace(/[^a-z0-9]+/gi, '-')}.wav`;
  const input = path.join(dir, name);
  // Two channels made as such: ffmpeg's mono-to-stereo upmix would lower each by 3 dB.
  writeFileSync(input, ffmpegFixture(`stereo-${name}`, ['-f', 'lavfi', '-i', take.lavfi]));
  return await analyseAudio({ ffmpeg: resolveFfmpeg().ffmpeg, input });
}

describe('loudness measured on takes of known loudness', () => {
  const rows: string[] = [];

  it.each(TAKES)('$name', async (take) => {
    const analysis = await measure(take);
    const lra = analysis.description.loudnessRange!;
    expect(Math.abs(lra - take.lra)).toBeLessThanOrEqual(1);
    if (Number.isFinite(take.lufs))
      expect(Math.abs(analysis.integratedLufs! - take.lufs)).toBeLessThanOrEqual(0.3);
    if (take.truePeakDb !== null)
      expect(Math.abs(analysis.truePeakDb! - take.truePeakDb)).toBeLessThanOrEqual(0.3);
    const m = { lufs: analysis.integratedLufs!, truePeakDb: analysis.truePeakDb! };
    const gains = PLATFORMS.map((p) => platformGainDb(p, m).toFixed(1)).join(' | ');
    const known = (v: number | null) => (v === null || !Number.isFinite(v) ? '–' : v.toFixed(1));
    rows.push(
      `| ${take.name} | ${known(take.lufs)} | ${m.lufs.toFixed(1)} | ${take.lra.toFixed(1)} | ${lra.toFixed(1)} | ${known(take.truePeakDb)} | ${m.truePeakDb.toFixed(1)} | ${gains} |`,
    );
  });

  afterAll(() => {
    if (!process.env.ACCURACY_REPORT || rows.length !== TAKES.length) return;
    const header = `| Take | LUFS known | LUFS measured | LRA known | LRA measured | True peak known | True peak measured | ${PLATFORMS.map((p) => `${p.name} dB`).join(' | ')} |`;
    const rule = `|${' --- |'.repeat(7 + PLATFORMS.length)}`;
    const text = [
      '# Loudness accuracy (issue 47, helper C)',
      '',
      'Made by `ACCURACY_REPORT=1 npx vitest run --project server --maxWorkers=1 src/server/media/loudness-range.test.ts`',
      'on audio the test makes with ffmpeg (lavfi): stereo 997 Hz sines, whose loudness and true peak are their peak level',
      '(ITU-R BS.1770), and pink noise in 12 s sections a known step apart, whose loudness range (EBU Tech 3342) is the step.',
      'The test holds LUFS and true peak within 0.3 dB and LRA within 1 LU; the platform columns are the gain each service',
      'would apply (src/shared/platform-loudness.ts, decision 0840).',
      '',
      header,
      rule,
      ...rows,
      '',
    ].join('\n');
    writeFileSync(path.join(__dirname, '../../../docs/analysis-accuracy-C.md'), text);
  });
});

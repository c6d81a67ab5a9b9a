import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWav } from '../../test/media-fixtures';
import { type AudioTap, analyseAudio } from './analyse-audio';
import { resolveFfmpeg } from './ffmpeg-binaries';

const dir = mkdtempSync(path.join(tmpdir(), 'taps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tap that counts the bytes of its own pipe and reports what the main pass measured. */
function countingTap(filters: string, format: AudioTap['format']) {
  let bytes = 0;
  const tap: AudioTap = {
    filters,
    format,
    push: (chunk) => {
      bytes += chunk.length;
    },
    finish: (measured) => ({ bpm: bytes, bpmConfidence: measured.duration }),
  };
  return tap;
}

describe('analysis taps (decision 0811)', () => {
  it('gives each tap its own PCM from the one decode, and the main measures when it ends', async () => {
    const input = path.join(dir, 'tone.wav');
    writeFileSync(input, makeWav(3, 8000));
    const analysis = await analyseAudio({
      ffmpeg: resolveFfmpeg().ffmpeg,
      input,
      taps: [
        countingTap('aresample=11025,aformat=sample_fmts=s16:channel_layouts=mono', 's16le'),
        countingTap('atrim=duration=1,aresample=44100,aformat=sample_fmts=flt:channel_layouts=mono', 'f32le'),
      ],
    });
    expect(analysis.duration).toBeCloseTo(3, 1);
    // The taps' results merge in order: the second tap's fields win where both wrote.
    expect(analysis.description.bpm).toBeCloseTo(44_100 * 4, -3);
    expect(analysis.description.bpmConfidence).toBeCloseTo(3, 1);
  });

  it('measures as before with no tap', async () => {
    const input = path.join(dir, 'plain.wav');
    writeFileSync(input, makeWav(2, 8000));
    const analysis = await analyseAudio({ ffmpeg: resolveFfmpeg().ffmpeg, input });
    // The loudness range comes from the main pass's ebur128 summary (a steady tone: about 0 LU).
    expect(Object.keys(analysis.description)).toEqual(['loudnessRange']);
    expect(analysis.description.loudnessRange).toBeCloseTo(0, 0);
    expect(analysis.integratedLufs).not.toBeNull();
  });
});

import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegFixture, sineInput } from '../../test/media-fixtures';
import { probeAudio } from './audio-probe';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'probe-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** Probes bytes the way an upload is probed: from an extensionless file. */
async function probe(data: Buffer) {
  const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, data);
  return probeAudio(file);
}

const make = (name: string, ...codec: string[]) => ffmpegFixture(`probe-1s-${name}`, sineInput(1), codec);

describe('probeAudio: accepts what music-metadata recognises, and knows what browsers play as it is', () => {
  const cases: [string, () => Buffer, string, boolean][] = [
    ['MP3', () => make('a.mp3'), 'audio/mpeg', true],
    ['AAC in M4A', () => make('aac.m4a', '-c:a', 'aac'), 'audio/mp4', true],
    ['PCM WAV (16-bit)', () => make('a.wav'), 'audio/wav', true],
    ['FLAC', () => make('a.flac'), 'audio/flac', true],
    ['ALAC in M4A', () => make('alac.m4a', '-c:a', 'alac'), 'audio/mp4', false],
    ['AIFF', () => make('a.aiff'), 'audio/aiff', false],
    ['Ogg Vorbis', () => make('v.ogg', '-c:a', 'libvorbis'), 'audio/ogg', false],
    ['Ogg Opus', () => make('o.opus', '-c:a', 'libopus'), 'audio/ogg', false],
    ['WebM Opus', () => make('o.webm', '-c:a', 'libopus'), 'audio/webm', false],
    ['Matroska audio', () => make('a.mka', '-c:a', 'libopus'), 'audio/x-matroska', false],
    ['WMA', () => make('a.wma', '-c:a', 'wmav2'), 'audio/x-ms-wma', false],
    ['raw AAC (ADTS)', () => make('a.aac', '-c:a', 'aac'), 'audio/aac', false],
    ['float WAV', () => make('f.wav', '-c:a', 'pcm_f32le'), 'audio/wav', false],
    ['ADPCM WAV', () => make('adpcm.wav', '-c:a', 'adpcm_ms'), 'audio/wav', false],
    ['MP2', () => make('a.mp2'), 'audio/mpeg', false],
  ];
  for (const [label, data, mimeType, browserPlayable] of cases) {
    it(`${label}: ${mimeType}, ${browserPlayable ? 'served as it is' : 'gets a rendition'}`, async () => {
      const facts = await probe(data());
      expect(facts.mimeType).toBe(mimeType);
      expect(facts.browserPlayable).toBe(browserPlayable);
    });
  }
});

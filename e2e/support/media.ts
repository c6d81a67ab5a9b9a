import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeWav } from '../../src/test/media-fixtures';

/** A fresh folder for the audio files one story uploads. */
export function mediaDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'journal-e2e-media-'));
}

/** A real PCM WAV tone of `seconds`, written under `dir` as `name`. */
export function writeWav(dir: string, name: string, seconds: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, makeWav(seconds));
  return file;
}

/** A real MP3 sine tone of `seconds`, encoded by ffmpeg under `dir` as `name`. */
export function writeMp3(dir: string, name: string, seconds: number): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    file,
  ]);
  return file;
}

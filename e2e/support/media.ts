import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeWav, undecodableWav } from '../../src/test/media-fixtures';

/** Test media live in Playwright's output folder (git-ignored, emptied at the start of each run), never left in /tmp. */
const MEDIA_ROOT = path.resolve('test-results', 'e2e', 'media');

/** A fresh folder for the files one story uploads. */
export function mediaDir(prefix = 'media-'): string {
  mkdirSync(MEDIA_ROOT, { recursive: true });
  return mkdtempSync(path.join(MEDIA_ROOT, prefix));
}

/**
 * A small number from a file's name: files of different names get different bytes, so an upload
 * is not taken for a duplicate of another story file (decision 0144 asks before keeping those).
 */
function nameSeed(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 997;
}

/** A real PCM WAV tone of `seconds`, written under `dir` as `name` (bytes differ by name). */
export function writeWav(dir: string, name: string, seconds: number): string {
  const file = path.join(dir, name);
  const wav = makeWav(seconds);
  wav.writeInt16LE(nameSeed(name) + 1, 44); // the first sample, inaudible
  writeFileSync(file, wav);
  return file;
}

/** A sine tone of `seconds` encoded by ffmpeg in the format `name`'s extension says (aiff, flac, mp3…). */
export function writeEncodedTone(
  dir: string,
  name: string,
  seconds: number,
  frequency = 440 + (nameSeed(name) % 200),
): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}:sample_rate=44100`,
    file,
  ]);
  return file;
}

/** A WAV that music-metadata reads but no decoder exists for: its processing fails. */
export function writeUndecodableWav(dir: string, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, undecodableWav());
  return file;
}

/** A real MP3 sine tone of `seconds`, encoded by ffmpeg under `dir` as `name` (ending .mp3). */
export const writeMp3 = (dir: string, name: string, seconds: number) => writeEncodedTone(dir, name, seconds);

/**
 * A take to compare (issues 43, 44): `lead` seconds of silence, then `seconds` of a tone whose
 * amplitude swells and falls (a shape the onsets align on), at `gainDb` relative to a −6 dBFS peak,
 * in the format `name`'s extension says.
 */
export function writeTake(
  dir: string,
  name: string,
  { lead, gainDb = 0, seconds = 14 }: { lead: number; gainDb?: number; seconds?: number },
): string {
  const file = path.join(dir, name);
  const amp = 0.5 * 10 ** (gainDb / 20);
  const u = `(t-${lead})`;
  const music = `${amp}*sin(2*PI*330*${u})*(0.6+0.4*sin(2*PI*0.7*${u}))`;
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='if(gte(t,${lead}),${music},0)':d=${lead + seconds}:s=44100`,
    file,
  ]);
  return file;
}

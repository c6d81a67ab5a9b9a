import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A real PCM WAV (mono, 8 kHz, 16-bit) of a 440 Hz tone, made without any tool. */
export function makeWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  }
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

/** The 44-byte RIFF header for dataBytes of 16-bit mono PCM. */
export function wavHeader(dataBytes: number, sampleRate = 8000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

const fixtureDir = path.join(tmpdir(), 'journal-media-fixtures');

export const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A 2-second tone encoded by ffmpeg (mp3, m4a, aiff, flac…), cached between runs. */
export function makeEncodedTone(extension: 'mp3' | 'm4a' | 'aiff' | 'flac' | 'ogg'): Buffer {
  mkdirSync(fixtureDir, { recursive: true });
  const file = path.join(fixtureDir, `tone-2s.${extension}`);
  if (!existsSync(file)) {
    const source = path.join(fixtureDir, 'tone-2s.wav');
    if (!existsSync(source)) writeFileSync(source, makeWav(2, 22050));
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', source, file]);
  }
  return readFileSync(file);
}

/**
 * A file made by ffmpeg from `args` (everything between the input and the output file), cached
 * between runs under its name, e.g. ffmpegFixture('tone.flac', ['-f', 'lavfi', '-i', 'sine=…']).
 */
export function ffmpegFixture(name: string, inputArgs: string[], outputArgs: string[] = []): Buffer {
  mkdirSync(fixtureDir, { recursive: true });
  const file = path.join(fixtureDir, name);
  if (!existsSync(file)) {
    const partial = `${file}.partial-${process.pid}${path.extname(name)}`;
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...inputArgs, ...outputArgs, partial]);
    renameSync(partial, file);
  }
  return readFileSync(file);
}

/** A stereo 44.1 kHz sine of `seconds` at `frequency`, as lavfi input arguments. */
export const sineInput = (seconds: number, frequency = 440, sampleRate = 44_100) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${frequency}:duration=${seconds}:sample_rate=${sampleRate}`,
];

/** What ffprobe reads from bytes: duration (s) and the first audio stream's codec. */
export function ffprobeAudio(data: Buffer): { duration: number; codec: string } {
  mkdirSync(fixtureDir, { recursive: true });
  const file = path.join(fixtureDir, `probe-${process.pid}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, data);
  try {
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'format=duration:stream=codec_name',
      '-of',
      'json',
      file,
    ]).toString();
    const parsed = JSON.parse(out) as { format: { duration: string }; streams: { codec_name: string }[] };
    return { duration: Number(parsed.format.duration), codec: parsed.streams[0]?.codec_name ?? '' };
  } finally {
    rmSync(file, { force: true });
  }
}

/** ffmpeg's own loudnorm analysis of bytes (independent of the ebur128 filter the job uses). */
export function ffmpegLoudness(data: Buffer): { integratedLufs: number; truePeakDb: number } {
  mkdirSync(fixtureDir, { recursive: true });
  const file = path.join(fixtureDir, `loud-${process.pid}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, data);
  try {
    const result = spawnSync('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      '-af',
      'loudnorm=print_format=json',
      '-f',
      'null',
      '-',
    ]);
    const log = result.stderr.toString();
    const json = JSON.parse(log.slice(log.lastIndexOf('{'), log.lastIndexOf('}') + 1)) as Record<
      string,
      string
    >;
    return { integratedLufs: Number(json.input_i), truePeakDb: Number(json.input_tp) };
  } finally {
    rmSync(file, { force: true });
  }
}

/** A WAV header naming a codec nobody has (0x9999) over noise: music-metadata reads it, ffmpeg cannot. */
export function undecodableWav(): Buffer {
  const data = Buffer.alloc(16_000, 7);
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(0x9999, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(16_000, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const header = Buffer.alloc(20);
  header.write('RIFF', 0);
  header.writeUInt32LE(4 + 8 + fmt.length + 8 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(fmt.length, 16);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0);
  dataHeader.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, fmt, dataHeader, data]);
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wavHeader } from './media-fixtures';

// Takes for issue 47's "you already have this take" tests (decision 0831): little pieces of music
// made here, note by note, and the same piece re-encoded, trimmed or at another level.

const SAMPLE_RATE = 22_050;
const fixtureDir = path.join(tmpdir(), 'journal-fingerprint-fixtures');

/** A piece: which notes (MIDI numbers) in which order, at which tempo, with which sound. */
export interface Piece {
  /** Names the cached files: the same name must always mean the same piece. */
  name: string;
  seed: number;
  /** The notes it picks from (e.g. a scale), one per beat. */
  notes: number[];
  bpm: number;
  seconds: number;
  /** Harmonic amplitudes above the fundamental: the "instrument". */
  harmonics?: number[];
}

/** A small repeatable random sequence (mulberry32), so a piece is the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The piece as 16-bit mono PCM: a melody of plucked notes over a two-note drone, with a little noise. */
function render(piece: Piece): Buffer {
  const next = random(piece.seed);
  const harmonics = piece.harmonics ?? [0.5, 0.3, 0.15];
  const beat = 60 / piece.bpm;
  const total = Math.round(piece.seconds * SAMPLE_RATE);
  const mix = new Float32Array(total);
  const melody: number[] = [];
  for (let t = 0; t < piece.seconds; t += beat) {
    melody.push(piece.notes[Math.floor(next() * piece.notes.length)]!);
  }
  for (const [n, midi] of melody.entries()) {
    const frequency = 440 * 2 ** ((midi - 69) / 12);
    const start = Math.round(n * beat * SAMPLE_RATE);
    const length = Math.min(total - start, Math.round(beat * 1.5 * SAMPLE_RATE));
    for (let i = 0; i < length; i++) {
      const t = i / SAMPLE_RATE;
      const envelope = Math.exp(-3 * t) * Math.min(1, t * 200);
      let sample = Math.sin(2 * Math.PI * frequency * t);
      for (const [h, amplitude] of harmonics.entries()) {
        sample += amplitude * Math.sin(2 * Math.PI * frequency * (h + 2) * t);
      }
      mix[start + i]! += 0.25 * envelope * sample;
    }
  }
  const data = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++) {
    const noise = (next() - 0.5) * 0.01;
    const value = Math.max(-1, Math.min(1, mix[i]! + noise));
    data.writeInt16LE(Math.round(value * 32_000), i * 2);
  }
  return Buffer.concat([wavHeader(data.length, SAMPLE_RATE), data]);
}

/** How a take of the piece was saved: the format, seconds cut from its start, its level. */
export interface TakeVariant {
  extension: 'wav' | 'mp3' | 'ogg';
  trimSeconds?: number;
  gainDb?: number;
}

/** The piece saved as `variant` says, cached between runs under its name. */
export function pieceTake(piece: Piece, variant: TakeVariant = { extension: 'wav' }): Buffer {
  mkdirSync(fixtureDir, { recursive: true });
  const source = path.join(fixtureDir, `${piece.name}.source.wav`);
  if (!existsSync(source)) writeFileSync(source, render(piece));
  const trim = variant.trimSeconds ?? 0;
  const gain = variant.gainDb ?? 0;
  if (variant.extension === 'wav' && trim === 0 && gain === 0) return readFileSync(source);
  const file = path.join(fixtureDir, `${piece.name}.trim${trim}.gain${gain}.${variant.extension}`);
  if (!existsSync(file)) {
    const codec = { wav: [], mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'], ogg: ['-c:a', 'libvorbis'] };
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-ss', String(trim), '-i', source],
      ...['-af', `volume=${gain}dB`, ...codec[variant.extension], file],
    ]);
  }
  return readFileSync(file);
}

const C_MAJOR = [60, 62, 64, 65, 67, 69, 71, 72];
const A_MINOR_LOW = [57, 59, 60, 62, 64, 65, 67, 69];

/** The pieces of the tests: two unlike ones, and one of the same sound and scale as the first. */
export const PIECES = {
  /** A melody in C major at 120 BPM. */
  first: { name: 'first', seed: 1, notes: C_MAJOR, bpm: 120, seconds: 30 },
  /** Another piece altogether: lower, slower, another sound. */
  other: {
    name: 'other',
    seed: 7,
    notes: A_MINOR_LOW,
    bpm: 84,
    seconds: 30,
    harmonics: [0.8, 0.1, 0.4, 0.2],
  },
  /** Another take on the first's idea: same scale, tempo and sound, the notes in another order. */
  sibling: { name: 'sibling', seed: 2, notes: C_MAJOR, bpm: 120, seconds: 30 },
} satisfies Record<string, Piece>;

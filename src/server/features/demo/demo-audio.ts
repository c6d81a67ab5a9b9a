/**
 * Short pieces of music synthesised in code for the demo journal, so a demo account starts with
 * real, playable recordings without any binary asset in the repository. Mono 16-bit PCM WAV at
 * 16 kHz: about 190 KB for six seconds, and every instrument here lives well below 8 kHz.
 */

export const DEMO_SAMPLE_RATE = 16_000;

type Voice = 'bell' | 'pad' | 'pluck' | 'bass';

interface Note {
  /** Seconds from the start. */
  at: number;
  midi: number;
  voice: Voice;
  /** Seconds the note sounds (the release rings on after it). */
  length: number;
  gain?: number;
}

export interface DemoPiece {
  seconds: number;
  notes: Note[];
  /** Echo time in seconds; the echo gives the dry synthesis a room to sit in. */
  echo: number;
}

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Music box: a few slightly inharmonic partials with a soft strike and a long decay. */
function bell(out: Float32Array, start: number, note: Note) {
  const f = frequency(note.midi);
  const partials: [number, number, number][] = [
    [1, 1, 1.4],
    [2.0, 0.35, 0.7],
    [3.01, 0.12, 0.35],
    [4.17, 0.05, 0.2],
  ];
  const total = Math.min(out.length - start, Math.round(2.5 * DEMO_SAMPLE_RATE));
  for (let i = 0; i < total; i++) {
    const t = i / DEMO_SAMPLE_RATE;
    const attack = Math.min(1, t / 0.004);
    let v = 0;
    for (const [ratio, amp, decay] of partials) {
      v += amp * Math.exp(-t / decay) * Math.sin(2 * Math.PI * f * ratio * t);
    }
    out[start + i]! += (note.gain ?? 1) * 0.3 * attack * v;
  }
}

/** Warm pad: three gently detuned sines with a slow swell and release. */
function pad(out: Float32Array, start: number, note: Note) {
  const f = frequency(note.midi);
  const release = 0.8;
  const total = Math.min(out.length - start, Math.round((note.length + release) * DEMO_SAMPLE_RATE));
  for (let i = 0; i < total; i++) {
    const t = i / DEMO_SAMPLE_RATE;
    const swell = Math.min(1, t / 0.6);
    const fade = t > note.length ? Math.max(0, 1 - (t - note.length) / release) : 1;
    const v =
      Math.sin(2 * Math.PI * f * t) +
      0.6 * Math.sin(2 * Math.PI * f * 1.003 * t) +
      0.6 * Math.sin(2 * Math.PI * f * 0.997 * t) +
      0.15 * Math.sin(2 * Math.PI * f * 2 * t);
    out[start + i]! += (note.gain ?? 1) * 0.09 * swell * fade * v;
  }
}

/** Round sine bass with a short pluck at its start. */
function bass(out: Float32Array, start: number, note: Note) {
  const f = frequency(note.midi);
  const total = Math.min(out.length - start, Math.round((note.length + 0.3) * DEMO_SAMPLE_RATE));
  for (let i = 0; i < total; i++) {
    const t = i / DEMO_SAMPLE_RATE;
    const env = Math.min(1, t / 0.01) * Math.exp(-t / (note.length + 0.2));
    out[start + i]! += (note.gain ?? 1) * 0.35 * env * Math.sin(2 * Math.PI * f * t);
  }
}

/**
 * Plucked string: harmonics plucked a fifth of the way along the string, the higher ones dying
 * away sooner, as on a nylon-string guitar. Additive, so every note is exactly in tune.
 */
function pluck(out: Float32Array, start: number, note: Note) {
  const f = frequency(note.midi);
  const total = Math.min(out.length - start, Math.round(2 * DEMO_SAMPLE_RATE));
  const harmonics = [1, 2, 3, 4, 5, 6, 7]
    .filter((n) => n * f < DEMO_SAMPLE_RATE / 2)
    .map((n) => ({ n, amp: Math.abs(Math.sin((n * Math.PI) / 5)) / n, decay: 0.9 / n ** 0.8 }));
  for (let i = 0; i < total; i++) {
    const t = i / DEMO_SAMPLE_RATE;
    const attack = Math.min(1, t / 0.003);
    let v = 0;
    for (const h of harmonics) v += h.amp * Math.exp(-t / h.decay) * Math.sin(2 * Math.PI * f * h.n * t);
    out[start + i]! += (note.gain ?? 1) * 0.35 * attack * v;
  }
}

/** Renders a piece to 16-bit mono PCM WAV bytes. */
export function renderDemoPiece(piece: DemoPiece): Buffer {
  const length = Math.round(piece.seconds * DEMO_SAMPLE_RATE);
  const mix = new Float32Array(length);
  for (const note of piece.notes) {
    const start = Math.round(note.at * DEMO_SAMPLE_RATE);
    if (start >= length) continue;
    if (note.voice === 'bell') bell(mix, start, note);
    else if (note.voice === 'pad') pad(mix, start, note);
    else if (note.voice === 'bass') bass(mix, start, note);
    else pluck(mix, start, note);
  }
  const delay = Math.round(piece.echo * DEMO_SAMPLE_RATE);
  for (let i = delay; i < length; i++) mix[i]! += 0.3 * mix[i - delay]!;

  let peak = 0;
  for (const v of mix) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0 ? 0.7 / peak : 0;
  const fadeIn = Math.round(0.01 * DEMO_SAMPLE_RATE);
  const fadeOut = Math.round(0.4 * DEMO_SAMPLE_RATE);
  const data = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++) {
    const edge = Math.min(1, i / fadeIn, (length - 1 - i) / fadeOut);
    data.writeInt16LE(Math.round(mix[i]! * scale * edge * 32767), i * 2);
  }
  return Buffer.concat([wavHeader(data.length), data]);
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(DEMO_SAMPLE_RATE, 24);
  header.writeUInt32LE(DEMO_SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Repeats a pattern of MIDI notes, one every `step` seconds from `at`. */
function run(voice: Voice, at: number, step: number, midis: number[], gain = 1): Note[] {
  return midis.map((midi, i) => ({ at: at + i * step, midi, voice, length: step, gain }));
}

const chord = (voice: Voice, at: number, length: number, midis: number[], gain = 1): Note[] =>
  midis.map((midi) => ({ at, midi, voice, length, gain }));

/** C – Am – F – G, a music-box arpeggio over a soft bass. */
export const MORNING_LIGHT: DemoPiece = {
  seconds: 6,
  echo: 0.375,
  notes: [
    ...[
      [60, 64, 67, 72, 67, 64],
      [57, 60, 64, 69, 64, 60],
      [53, 57, 60, 65, 60, 57],
      [55, 59, 62, 67, 71, 74],
    ].flatMap((arpeggio, bar) => [
      ...run(
        'bell',
        bar * 1.5,
        0.25,
        arpeggio.map((m) => m + 12),
      ),
      { at: bar * 1.5, midi: arpeggio[0]! - 12, voice: 'bass' as const, length: 1.4 },
    ]),
  ],
};

/** Fmaj7 – Em7 – Dm7 – Cmaj9 pads with a few bell notes drifting over them. */
export const SLOW_TIDE: DemoPiece = {
  seconds: 6,
  echo: 0.5,
  notes: [
    ...chord('pad', 0, 1.4, [53, 57, 60, 64]),
    ...chord('pad', 1.5, 1.4, [52, 55, 59, 62]),
    ...chord('pad', 3, 1.4, [50, 53, 57, 60]),
    ...chord('pad', 4.5, 1.2, [48, 52, 55, 62]),
    { at: 0.5, midi: 76, voice: 'bell', length: 1, gain: 0.6 },
    { at: 2.0, midi: 74, voice: 'bell', length: 1, gain: 0.6 },
    { at: 3.5, midi: 72, voice: 'bell', length: 1, gain: 0.6 },
    { at: 4.75, midi: 79, voice: 'bell', length: 1, gain: 0.5 },
  ],
};

/** A minor-pentatonic tune on plucked strings, walking over a bass line. */
export const LANTERN_WALK: DemoPiece = {
  seconds: 6,
  echo: 0.3,
  notes: [
    ...run('pluck', 0, 0.3, [69, 72, 74, 76, 74, 72, 69, 67, 69, 72, 76, 79, 81, 79, 76, 74, 72, 69]),
    ...run('bass', 0, 1.2, [45, 41, 43, 45, 45], 0.8),
  ],
};

import { wavHeader } from './media-fixtures';

// Audio with a known tempo or key, built sample by sample (no tool, a few milliseconds each), for
// the tempo and key measurement's accuracy test (issue 47, docs/analysis-accuracy-A.md).

export const TEST_SAMPLE_RATE = 44_100;

/** A repeatable noise source, so a failing case fails the same way on every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 0xffffffff) * 2 - 1;
  };
}

type Voice = 'kick' | 'snare' | 'hat' | 'click' | 'rim' | 'tom';

/** One drum hit, `seconds` long: a pitched body, a noise burst or both, each with its own decay. */
function renderHit(voice: Voice, sampleRate: number, random: () => number): Float32Array {
  const length = Math.round(sampleRate * (voice === 'hat' || voice === 'click' ? 0.06 : 0.25));
  const out = new Float32Array(length);
  let phase = 0;
  let lowpass = 0;
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate;
    const noise = random();
    let value = 0;
    if (voice === 'kick') {
      // A sine sweeping 160 → 45 Hz: the thump of a bass drum.
      phase += (2 * Math.PI * (45 + 115 * Math.exp(-t * 30))) / sampleRate;
      value = Math.sin(phase) * Math.exp(-t * 9);
    } else if (voice === 'tom') {
      phase += (2 * Math.PI * (110 + 60 * Math.exp(-t * 20))) / sampleRate;
      value = 0.8 * Math.sin(phase) * Math.exp(-t * 12);
    } else if (voice === 'snare') {
      lowpass += 0.5 * (noise - lowpass);
      value = 0.5 * lowpass * Math.exp(-t * 18) + 0.4 * Math.sin(2 * Math.PI * 190 * t) * Math.exp(-t * 25);
    } else if (voice === 'rim') {
      value = 0.6 * Math.sin(2 * Math.PI * 820 * t) * Math.exp(-t * 60) + 0.2 * noise * Math.exp(-t * 90);
    } else if (voice === 'hat') {
      // First difference of noise: a high-passed hiss.
      value = 0.25 * (noise - previous) * Math.exp(-t * 70);
    } else {
      value = 0.7 * Math.sin(2 * Math.PI * 1500 * t) * Math.exp(-t * 120);
    }
    previous = noise;
    out[i] = value;
  }
  return out;
}

/** Which voice plays on which sixteenth of a 4/4 bar (0–15), with its level. */
type Pattern = { voice: Voice; steps: number[]; gain: number }[];

/** Grooves of different timbres and densities; case i plays DRUM_PATTERNS[i % length]. */
export const DRUM_PATTERNS: { name: string; pattern: Pattern }[] = [
  {
    name: 'rock (kick, snare, eighth hats)',
    pattern: [
      { voice: 'kick', steps: [0, 8], gain: 1 },
      { voice: 'snare', steps: [4, 12], gain: 0.9 },
      { voice: 'hat', steps: [0, 2, 4, 6, 8, 10, 12, 14], gain: 0.6 },
    ],
  },
  {
    name: 'metronome clicks, accented one',
    pattern: [
      { voice: 'click', steps: [0], gain: 1 },
      { voice: 'click', steps: [4, 8, 12], gain: 0.55 },
    ],
  },
  {
    name: 'funk (syncopated kick, sixteenth hats)',
    pattern: [
      { voice: 'kick', steps: [0, 3, 10], gain: 1 },
      { voice: 'snare', steps: [4, 12], gain: 0.9 },
      { voice: 'hat', steps: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], gain: 0.4 },
    ],
  },
  {
    name: 'four on the floor (kick, off-beat hats, rim)',
    pattern: [
      { voice: 'kick', steps: [0, 4, 8, 12], gain: 1 },
      { voice: 'hat', steps: [2, 6, 10, 14], gain: 0.7 },
      { voice: 'rim', steps: [4, 12], gain: 0.5 },
    ],
  },
  {
    name: 'toms and rim',
    pattern: [
      { voice: 'tom', steps: [0, 6, 8], gain: 1 },
      { voice: 'rim', steps: [4, 12], gain: 0.8 },
      { voice: 'hat', steps: [0, 4, 8, 12], gain: 0.4 },
    ],
  },
];

/** `seconds` of a drum pattern at `bpm` (a beat is a quarter note), mono float PCM. */
export function drumLoop(bpm: number, patternIndex: number, seconds: number, sampleRate = TEST_SAMPLE_RATE) {
  const random = seededRandom(bpm * 131 + patternIndex);
  const { pattern } = DRUM_PATTERNS[patternIndex % DRUM_PATTERNS.length]!;
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const hits = new Map<Voice, Float32Array>();
  const stepSeconds = 60 / bpm / 4;
  const steps = Math.floor(seconds / stepSeconds);
  for (let step = 0; step < steps; step++) {
    for (const { voice, steps: on, gain } of pattern) {
      if (!on.includes(step % 16)) continue;
      let hit = hits.get(voice);
      if (!hit) {
        hit = renderHit(voice, sampleRate, random);
        hits.set(voice, hit);
      }
      const start = Math.round(step * stepSeconds * sampleRate);
      for (let i = 0; i < hit.length && start + i < out.length; i++) out[start + i]! += gain * hit[i]!;
    }
  }
  return normalise(out, 0.8);
}

export const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/**
 * A cadence in the key of `tonic` (0 = C … 11 = B): I–IV–V–I in major, i–iv–V–i in minor (the
 * dominant major, with its leading tone, as harmony books write it), each chord `chordSeconds` in a
 * bright additive tone (eight harmonics) over its root an octave down, repeated to fill `seconds`.
 */
export function chordProgression(
  tonic: number,
  mode: 'major' | 'minor',
  seconds: number,
  sampleRate = TEST_SAMPLE_RATE,
  chordSeconds = 1.5,
) {
  const third = mode === 'major' ? 4 : 3;
  const chords = [
    [0, third, 7],
    [5, 5 + third, 12],
    [7, 11, 14],
    [0, third, 7],
  ];
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const chordLength = Math.round(chordSeconds * sampleRate);
  // Voiced around middle C: the tonic's pitch class lands between C4 and B4.
  const base = 60 + tonic;
  for (let start = 0, index = 0; start < out.length; start += chordLength, index++) {
    const chord = chords[index % chords.length]!;
    const notes = [...chord.map((interval) => base + interval), base + chord[0]! - 12];
    for (const note of notes) {
      const frequency = 440 * 2 ** ((note - 69) / 12);
      for (let i = 0; i < chordLength && start + i < out.length; i++) {
        const t = i / sampleRate;
        const envelope = Math.min(1, t * 50) * Math.exp(-t * 1.2);
        let value = 0;
        for (let harmonic = 1; harmonic <= 8; harmonic++) {
          if (frequency * harmonic > sampleRate / 2) break;
          value += Math.sin(2 * Math.PI * frequency * harmonic * t) / harmonic;
        }
        out[start + i]! += envelope * value;
      }
    }
  }
  return normalise(out, 0.7);
}

function normalise(samples: Float32Array, peak: number) {
  let max = 0;
  for (const sample of samples) max = Math.max(max, Math.abs(sample));
  if (max > 0) for (let i = 0; i < samples.length; i++) samples[i]! *= peak / max;
  return samples;
}

/** Mono float PCM as a 16-bit WAV file, for uploading through the API. */
export function pcmToWav(samples: Float32Array, sampleRate = TEST_SAMPLE_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767), i * 2);
  }
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

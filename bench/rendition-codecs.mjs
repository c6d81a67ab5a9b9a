#!/usr/bin/env node
// Which codec for the browser rendition (decision 0043)? Encodes one minute of music-like stereo
// (pink noise bed, a chord, plucked transients) with each candidate and prints the size per minute,
// the CPU seconds per audio minute, and the residual after decoding (SNR against the source, dB,
// best alignment): a simple objective measure, not a listening test.
//   node bench/rendition-codecs.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'rendition-codecs-'));
const source = path.join(dir, 'source.wav');
const RATE = 44_100;

// A minute of something with the spectrum of music: a soft pink-noise bed, an A minor chord, and a
// decaying 'pluck' every half second, panned differently left and right.
execFileSync('ffmpeg', [
  ...['-loglevel', 'error', '-y'],
  ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.05:sample_rate=${RATE}:duration=60`],
  ...[
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.15*sin(2*PI*220*t)+0.1*sin(2*PI*261.63*t)+0.1*sin(2*PI*329.63*t)|0.1*sin(2*PI*220*t)+0.15*sin(2*PI*329.63*t):s=${RATE}:d=60`,
  ],
  ...[
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.4*exp(-8*mod(t\\,0.5))*sin(2*PI*(440+220*floor(mod(t*2\\,4)))*t):s=${RATE}:d=60`,
  ],
  ...[
    '-filter_complex',
    '[0:a]aformat=channel_layouts=stereo[n];[2:a]aformat=channel_layouts=stereo[p];[n][1:a][p]amix=inputs=3:normalize=0[m]',
  ],
  ...['-map', '[m]', '-c:a', 'pcm_s16le', source],
]);

const candidates = [
  {
    name: 'AAC-LC 128k M4A',
    ext: 'm4a',
    args: ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod'],
  },
  {
    name: 'AAC-LC 160k M4A',
    ext: 'm4a',
    args: ['-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', '-f', 'ipod'],
  },
  {
    name: 'AAC-LC 192k M4A',
    ext: 'm4a',
    args: ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'ipod'],
  },
  {
    name: 'AAC-LC 192k fast coder',
    ext: 'm4a',
    args: ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k', '-f', 'ipod'],
  },
  { name: 'Opus 96k WebM', ext: 'webm', args: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'webm'] },
  { name: 'Opus 128k Ogg', ext: 'opus', args: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'ogg'] },
];

/** Decoded stereo float samples at the source's rate. */
function decode(file) {
  const out = execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-i', file, '-f', 'f32le', '-ac', '2', '-ar', String(RATE), 'pipe:1'],
    { maxBuffer: 1024 ** 3 },
  );
  return new Float32Array(out.buffer, out.byteOffset, out.byteLength / 4);
}

/** SNR in dB of `coded` against `reference`, at the offset (±2,000 frames) that fits best. */
function snr(reference, coded) {
  let best = Number.NEGATIVE_INFINITY;
  const frames = Math.min(reference.length, coded.length) / 2 - 4_000;
  for (let offset = -2_000; offset <= 2_000; offset += 1) {
    if (offset % 50 !== 0 && Math.abs(offset) > 100) continue;
    let signal = 0;
    let noise = 0;
    for (let i = 2_000; i < frames; i += 3) {
      for (let c = 0; c < 2; c++) {
        const r = reference[i * 2 + c];
        const d = r - coded[(i + offset) * 2 + c];
        signal += r * r;
        noise += d * d;
      }
    }
    best = Math.max(best, 10 * Math.log10(signal / noise));
  }
  return best;
}

const reference = decode(source);
console.log('codec                      KB/min   CPU s/min   SNR dB');
for (const c of candidates) {
  const file = path.join(dir, `out.${c.ext}`);
  const run = spawnSync('/usr/bin/time', [
    '-f',
    '%U %S',
    'ffmpeg',
    '-loglevel',
    'error',
    '-y',
    '-i',
    source,
    ...c.args,
    file,
  ]);
  const [user, sys] = run.stderr.toString().trim().split('\n').pop().split(' ').map(Number);
  const kb = statSync(file).size / 1024;
  console.log(
    `${c.name.padEnd(26)} ${kb.toFixed(0).padStart(6)}   ${(user + sys).toFixed(2).padStart(9)}   ${snr(reference, decode(file)).toFixed(1).padStart(6)}`,
  );
}
rmSync(dir, { recursive: true, force: true });

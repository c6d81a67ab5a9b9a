// Issue 47's cases: what measuring a take costs per audio minute (analysis-per-minute, ≤ 1 s on this
// machine, one worker) against ffmpeg decoding the same file, and whether memory stays flat for a
// 60-minute take (analysis-60min-rss: the peak RSS of the analysing process and its ffmpeg over a
// 60-minute take, against the same over a 5-minute one).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pair } from './measure.mjs';

const cacheDir = path.join(tmpdir(), 'journal-bench');
const probe = path.join(import.meta.dirname, '..', 'analysis-probe.ts');

/**
 * A music-like stereo MP3 of `minutes` (cached in the temp folder): a kick, a snare and a hat at
 * 120 BPM over an A minor chord and pink noise, with two 4-second rests every 5 minutes (a long
 * take's songs), so every tap has real work. MP3 plays in browsers: no rendition, as most uploads.
 */
export function musicFile(minutes) {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `analysis-${minutes}min.mp3`);
  if (existsSync(file)) return file;
  const seconds = minutes * 60;
  // Beats every 0.5 s: a decaying 60 Hz kick on 1 and 3, noise snare on 2 and 4, hats between.
  const beat = 'mod(t,0.5)';
  const bar = 'mod(t,2)';
  const kick = `if(lt(${bar},0.5),0.6*sin(2*PI*60*${beat})*exp(-12*${beat}),0)`;
  const snare = `if(gte(${bar},0.5)*lt(${bar},1),0.3*(random(0)-0.5)*exp(-20*${beat}),0)`;
  const chord = '0.08*(sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t))';
  const rest = 'if(between(mod(t,300),296,300),0,1)';
  // Commas inside a filter's expression are escaped: unescaped, they would separate filters.
  const expression = `(${kick}+${snare}+${chord})*${rest}`.replaceAll(',', '\\,');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `aevalsrc=${expression}:s=44100:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.02:sample_rate=44100:duration=${seconds}`],
    ...['-filter_complex', '[0:a][1:a]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo[m]'],
    ...['-map', '[m]', '-c:a', 'libmp3lame', '-b:a', '192k', `${file}.partial.mp3`],
  ]);
  renameSync(`${file}.partial.mp3`, file);
  return file;
}

/** VmRSS (bytes) of `pid` and every process below it (the probe's ffmpeg and workers). */
function treeRss(pid) {
  let total = 0;
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {}
  }
  const visit = (p) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      total += match ? Number(match[1]) * 1024 : 0;
    } catch {}
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return total;
}

/** Runs the probe on `file` in `mode`, sampling the process tree's RSS every 50 ms. */
function runProbe(file, mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', probe, file, mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRss(child.pid));
    }, 50);
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      clearInterval(sampler);
      if (code !== 0) return reject(new Error(`analysis probe (${mode}) exited ${code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1));
      resolve({ ...result, peakRssMb: peak / 1e6 });
    });
  });
}

export async function analysisRows({ quick, say }) {
  const rows = [];
  const shortMinutes = quick ? 1 : 5;
  const longMinutes = quick ? 5 : 60;
  say(`analysis: making ${shortMinutes}- and ${longMinutes}-minute takes (cached)`);
  const short = musicFile(shortMinutes);
  const long = musicFile(longMinutes);
  let lastDescription;
  const perMinute = async (side) => {
    const result = await runProbe(short, side === 'app' ? 'app' : 'decode');
    if (result.description) lastDescription = result.description;
    const msPerMinute = (result.seconds * 1000) / (result.audioSeconds / 60);
    return { msPerMinute, peakRssMb: result.peakRssMb, requests: 1, bad: 0 };
  };
  say('analysis-per-minute');
  rows.push(
    await pair('analysis-per-minute', 'msPerMinute', perMinute, {
      reference: 'ffmpeg decode only',
      details: [{ label: 'peak RSS, process and ffmpeg', key: 'peakRssMb', unit: ' MB' }],
    }),
  );
  if (lastDescription) say(`analysis: measured ${JSON.stringify(lastDescription)}`);
  say(`analysis-${longMinutes}min-rss`);
  const flat = async (side) => {
    const result = await runProbe(side === 'app' ? long : short, 'app');
    const msPerMinute = (result.seconds * 1000) / (result.audioSeconds / 60);
    return { rssMbAbsolute: result.peakRssMb, msPerMinute, requests: 1, bad: 0 };
  };
  rows.push(
    await pair(`analysis-${longMinutes}min-rss`, 'rssMbAbsolute', flat, {
      rounds: quick ? 1 : 2,
      reference: `the same over ${shortMinutes} min`,
      details: [{ label: 'ms per audio minute', key: 'msPerMinute', unit: 'ms' }],
    }),
  );
  return rows;
}

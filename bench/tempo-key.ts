// What the tempo and key tap costs (issue 47, decision 0812): one analysis of a take with and
// without the tap, for takes of 1, 5 and 60 minutes, and the process's peak RSS meanwhile.
// Run: npx tsx bench/tempo-key.ts [minutes…]   (default 1 5 60; the takes are made by ffmpeg)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyseAudio } from '../src/server/media/analyse-audio';
import { tempoKeyTap } from '../src/server/media/tempo-key-tap';
import { measureTempoAndKeyOffThread, stopTempoKeyWorker } from '../src/server/media/tempo-key-thread';
import { chordProgression, drumLoop, pcmToWav } from '../src/test/tempo-key-audio';

const dir = path.join(tmpdir(), 'journal-bench-tempo-key');
mkdirSync(dir, { recursive: true });

/** A stereo FLAC of `minutes` looping one minute of a 120 BPM groove over an E minor cadence. */
function take(minutes: number): string {
  const file = path.join(dir, `take-${minutes}min.flac`);
  if (existsSync(file)) return file;
  const loop = path.join(dir, 'loop.wav');
  if (!existsSync(loop)) {
    const drums = drumLoop(120, 0, 60);
    const chords = chordProgression(4, 'minor', 60);
    writeFileSync(loop, pcmToWav(drums.map((s, i) => 0.5 * s + 0.5 * chords[i]!)));
  }
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    loop,
    '-t',
    String(minutes * 60),
    '-ac',
    '2',
    file,
  ]);
  return file;
}

/** CPU seconds of this process (all threads) and of its waited-for children (ffmpeg). */
function cpuSeconds() {
  const own = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of /proc/self/stat (cutime, cstime), in clock ticks (100 a second).
  const children = (Number(stat[13]) + Number(stat[14])) / 100;
  return { own: (own.user + own.system) / 1e6, children };
}

async function run(file: string, duration: number, withTap: boolean) {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const before = cpuSeconds();
  const start = performance.now();
  const analysis = await analyseAudio({
    ffmpeg: 'ffmpeg',
    input: file,
    taps: withTap ? [tempoKeyTap(duration)] : [],
  });
  const wall = (performance.now() - start) / 1000;
  const after = cpuSeconds();
  clearInterval(sampler);
  return {
    wall,
    ownCpu: after.own - before.own,
    ffmpegCpu: after.children - before.children,
    peakRss,
    description: analysis.description,
  };
}

// The worker's cold start (thread, module, essentia's WASM) once, apart: later takes find it running.
const coldStart = performance.now();
await measureTempoAndKeyOffThread(new Float32Array(100));
console.log(JSON.stringify({ workerColdStartSeconds: +((performance.now() - coldStart) / 1000).toFixed(2) }));

const minutesList = process.argv.slice(2).map(Number);
for (const minutes of minutesList.length ? minutesList : [1, 5, 60]) {
  const file = take(minutes);
  const seconds = minutes * 60;
  // With the tap first, so the worker is still warm (it ends after an idle spell).
  const withTap = await run(file, seconds, true);
  const without = await run(file, seconds, false);
  const extraCpu = withTap.ownCpu + withTap.ffmpegCpu - (without.ownCpu + without.ffmpegCpu);
  console.log(
    JSON.stringify({
      minutes,
      wallWithout: +without.wall.toFixed(2),
      wallWith: +withTap.wall.toFixed(2),
      tapCpuSeconds: +extraCpu.toFixed(2),
      tapCpuPerAudioMinute: +(extraCpu / minutes).toFixed(3),
      workerAndMainCpuWith: +withTap.ownCpu.toFixed(2),
      peakRssMbWithout: Math.round(without.peakRss / 1e6),
      peakRssMbWith: Math.round(withTap.peakRss / 1e6),
      measured: withTap.description,
    }),
  );
}
await stopTempoKeyWorker();

// `npx tsx bench/split-accuracy.ts`: issue 47's split-point accuracy table and the silences tap's
// cost, written to docs/analysis-accuracy-D.md (decision 0850). Audio made by src/test/rehearsal-audio.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { analyseAudio } from '../src/server/media/analyse-audio';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-binaries';
import { SILENCE_BELOW_LOUDNESS_DB, silenceTap } from '../src/server/media/silence-tap';
import { splitPointOf } from '../src/shared/schemas/track-split';
import { type Rehearsal, rehearsalPlan, rehearsalTake } from '../src/test/rehearsal-audio';

const ffmpeg = resolveFfmpeg().ffmpeg;
const dir = mkdtempSync(path.join(tmpdir(), 'split-accuracy-'));

interface Case {
  name: string;
  plan: Rehearsal;
  noiseDb: number | null;
}
const cases: Case[] = [
  {
    name: '20-minute rehearsal, 10 songs, digital silence between',
    plan: rehearsalPlan(1200, 10),
    noiseDb: null,
  },
  {
    name: '20-minute rehearsal, 10 songs, pink noise −44 dBFS throughout',
    plan: rehearsalPlan(1200, 10),
    noiseDb: -30,
  },
  { name: '12-minute rehearsal, 6 songs', plan: rehearsalPlan(720, 6), noiseDb: null },
  {
    name: '4 m 50 s take, 3 songs (under 5 minutes: not looked at)',
    plan: rehearsalPlan(290, 3),
    noiseDb: null,
  },
];

async function measure(file: string, withTap: boolean) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const analysis = await analyseAudio({ ffmpeg, input: file, taps: withTap ? [silenceTap()] : [] });
  const used = process.cpuUsage(cpu);
  return { analysis, wallMs: performance.now() - started, nodeCpuMs: (used.user + used.system) / 1000 };
}

const rows: string[] = [];
const costs: string[] = [];
for (const c of cases) {
  const file = path.join(dir, `${c.plan.duration}-${c.noiseDb ?? 'clean'}.mp3`);
  writeFileSync(file, rehearsalTake(c.plan, c.noiseDb));
  const bare = await measure(file, false);
  const tapped = await measure(file, true);
  const found = tapped.analysis.description.silences ?? null;
  const points = (found ?? []).map(splitPointOf);
  const errors = c.plan.silences.map((s) => {
    const truth = (s.start + s.end) / 2;
    return points.length ? Math.min(...points.map((p) => Math.abs(p - truth))) : Number.NaN;
  });
  const within = errors.filter((e) => e < 0.2).length;
  const minutes = tapped.analysis.duration / 60;
  rows.push(
    `| ${c.name} | ${c.plan.silences.length} | ${found === null ? 'not measured' : found.length} | ${found === null ? '–' : `${within}/${c.plan.silences.length}`} | ${found === null ? '–' : Math.max(...errors).toFixed(3)} | ${tapped.analysis.integratedLufs?.toFixed(1)} |`,
  );
  costs.push(
    `| ${c.name} | ${minutes.toFixed(1)} | ${((tapped.wallMs - bare.wallMs) / 1000 / minutes).toFixed(3)} | ${((tapped.nodeCpuMs - bare.nodeCpuMs) / 1000 / minutes).toFixed(3)} | ${(tapped.wallMs / 1000 / minutes).toFixed(3)} |`,
  );
  console.log(rows.at(-1));
}
rmSync(dir, { recursive: true, force: true });

const doc = `# Analysis accuracy: splitting a long recording (issue 47, helper D)

Made by \`npx tsx bench/split-accuracy.ts\` (rewrites this file) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} while it ran (the machine was shared: costs are upper bounds). The audio is made by \`src/test/rehearsal-audio.ts\`: songs of 0.8 s notes with 0.4 s gaps (one song's middle third 12 dB quieter), pauses of 3.4 s to 11.9 s between songs, a 2 s lead-in and a tail; mono MP3, 16 kHz, 32 kb/s. The truth is each pause's middle; a proposed point counts when within 0.2 s of it. Threshold: integrated loudness − ${SILENCE_BELOW_LOUDNESS_DB} dB (decision 0850). The same cases are asserted by \`src/server/media/silence-tap.test.ts\` and, through the API on both databases, \`src/server/features/tracks/track-split.test.ts\`.

## Split points

| Take | Pauses | Silences found | Points within 0.2 s | Worst error (s) | Integrated LUFS |
|---|---|---|---|---|---|
${rows.join('\n')}

## Cost of the silences tap

Seconds per audio minute: the tap's extra wall time (one analysis with the tap minus one without, same file), the extra CPU time of the Node process (the envelope; ffmpeg's extra resampler is in the wall time), and the whole analysis with the tap. On a machine this loaded the wall-time differences are noise (a negative one says so); the Node CPU column is the tap's own work, and the ffmpeg side adds one 8 kHz mono resampler to the one decode. The short take's row forces the tap on to measure it; the media job does not tap such a take.

| Take | Minutes | Tap, wall s/min | Tap, Node CPU s/min | Whole analysis, wall s/min |
|---|---|---|---|---|
${costs.join('\n')}

Memory: the envelope holds 20 values a second (72,000 for an hour, under 1 MB as numbers) and is the only thing kept; the PCM is reduced as it arrives.
`;
writeFileSync(path.join(import.meta.dirname, '..', 'docs', 'analysis-accuracy-D.md'), doc);
console.log('wrote docs/analysis-accuracy-D.md');

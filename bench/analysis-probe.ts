// One take through what the media job measures (issue 47), in a process of its own so the bench can
// sample its memory and its ffmpeg's: `app` probes the file and runs the job's one ffmpeg pass with
// every analysis tap (tempo and key, fingerprint, silences, the spectrogram and its picture), as
// track-analysis.ts does for a take browsers play as uploaded; `decode` is the reference, ffmpeg
// decoding the same file to nothing, the least any analysis of it must do. Prints one JSON line: { seconds, audioSeconds, description }.
import { spawnSync } from 'node:child_process';
import { analyseAudio } from '../src/server/media/analyse-audio.ts';
import { probeAudio } from '../src/server/media/audio-probe.ts';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-binaries.ts';
import { spectrogramTap } from '../src/server/media/spectrogram.ts';
import { takeDescriptionTaps } from '../src/server/media/take-description.ts';
import { TEMPO_KEY_SAMPLE_RATE } from '../src/server/media/tempo-key.ts';
import { measureTempoAndKeyOffThread } from '../src/server/media/tempo-key-thread.ts';

const [file, mode] = process.argv.slice(2);
if (!file || (mode !== 'app' && mode !== 'decode')) {
  console.error('usage: node --import tsx bench/analysis-probe.ts FILE app|decode');
  process.exit(2);
}
const { ffmpeg } = resolveFfmpeg();
if (mode === 'app') {
  // The server's tempo-and-key worker stays up between takes (decision 0812): what a take costs is
  // measured with it started and essentia loaded, as the media job finds it after its first take.
  const noise = Float32Array.from({ length: TEMPO_KEY_SAMPLE_RATE * 8 }, () => (Math.random() - 0.5) * 0.2);
  await measureTempoAndKeyOffThread(noise);
}
const started = performance.now();
if (mode === 'decode') {
  const run = spawnSync(ffmpeg, ['-hide_banner', '-nostdin', '-stats', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  // The decoded length from ffmpeg's last progress line (time=HH:MM:SS.xx).
  const [, h, m, s] = /time=(\d+):(\d+):([\d.]+)(?![\s\S]*time=)/.exec(run.stderr) ?? [];
  console.log(JSON.stringify({ seconds, audioSeconds: Number(h) * 3600 + Number(m) * 60 + Number(s) }));
} else {
  const facts = await probeAudio(file);
  const spectrogram = spectrogramTap(facts.duration);
  const analysis = await analyseAudio({
    ffmpeg,
    input: file,
    channels: facts.channels,
    sampleRate: facts.sampleRate,
    taps: [...takeDescriptionTaps(facts), spectrogram],
  });
  await spectrogram.render();
  const { fingerprint, silences, ...rest } = analysis.description;
  console.log(
    JSON.stringify({
      seconds: (performance.now() - started) / 1000,
      audioSeconds: analysis.duration,
      description: { ...rest, fingerprintChars: fingerprint?.length ?? 0, silences: silences?.length ?? 0 },
    }),
  );
}
// The analysis workers (essentia's) are not waited for.
process.exit(0);

import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { FloatChunks } from './float-chunks';
import { OnsetReducer } from './onsets';
import { PEAK_SAMPLE_RATE, PeakReducer } from './waveform-peaks';

/** The rendition every current browser plays (decision 0043): AAC-LC in M4A, moov atom first. */
export const RENDITION = {
  mimeType: 'audio/mp4',
  extension: 'm4a',
  /** Per channel; stereo at most (more channels are mixed down). */
  bitratePerChannel: 96_000,
} as const;

/** Lower CPU priority for ffmpeg, so requests keep their share of a small machine's cores. */
const FFMPEG_NICENESS = 10;
/** How much of ffmpeg's log is kept: the summary and the last errors are at the end. */
const STDERR_TAIL_BYTES = 64 * 1024;

export interface AnalyseOptions {
  ffmpeg: string;
  input: string;
  /** Write the browser rendition here; omitted when the original plays as it is. */
  renditionFile?: string;
  /** Channels of the original (to size the rendition's bitrate); unknown → stereo. */
  channels?: number | null;
  /** Of the original; above 48 kHz the rendition is resampled (AAC stops at 96 kHz, ears at 20 kHz). */
  sampleRate?: number | null;
  signal?: AbortSignal;
  /** Further looks at the same decoded audio, each on its own pipe (take-description.ts). */
  taps?: AudioTap[];
}

/**
 * What the media job tells of a take beyond its waveform and loudness (issue 47, decision 0811):
 * the fields of takeDescriptionColumns that taps fill. A tap leaves out what it did not measure.
 */
export interface TakeDescription {
  bpm?: number | null;
  bpmConfidence?: number | null;
  musicalKey?: string | null;
  keyConfidence?: number | null;
  loudnessRange?: number | null;
  fingerprint?: string | null;
  silences?: { start: number; end: number }[] | null;
}

/** What the main pass measured, handed to each tap when the audio has ended. */
export type MainMeasures = Omit<AudioAnalysis, 'description'>;

/**
 * A further look at the take in the same ffmpeg run (decision 0811): ffmpeg decodes once and writes
 * this tap's own PCM (its filters: rate, channels, a window of the take) to a pipe of its own, so
 * each tap sees a stream and keeps only what it needs (memory flat whatever the length).
 */
export interface AudioTap {
  /** ffmpeg filters from the take's first audio stream to this tap's PCM, e.g. `aresample=11025`. */
  filters: string;
  /** The raw sample format ffmpeg writes to the pipe. */
  format: 'f32le' | 's16le';
  push(chunk: Buffer): void;
  /** Once ffmpeg ended well: what the tap makes of what it saw (may take its time, e.g. a worker). */
  finish(measured: MainMeasures): TakeDescription | Promise<TakeDescription>;
}

export interface AudioAnalysis {
  /** Seconds of audio decoded (the samples counted, not the container's claim). */
  duration: number;
  peaks: number[];
  integratedLufs: number | null;
  truePeakDb: number | null;
  /** The onset envelope of the opening, base64 (onsets.ts), for lining takes up (issue 43). */
  onsets: string;
  /** Seconds of leading silence; null for a silent file. */
  audioStartSeconds: number | null;
  /** What the taps made of the take (merged in the order the taps were given). */
  description: TakeDescription;
}

/** ffmpeg could not make sense of the file: retrying will not help (the track is `failed`). */
export class UndecodableAudioError extends Error {}

/** Errors that say our machine is in trouble, not the file: worth a retry. */
const TRANSIENT_FFMPEG_ERROR =
  /No space left|Cannot allocate memory|Input\/output error|Too many open files/i;

/**
 * One ffmpeg run, three outputs (decision 0042): the rendition (when asked), mono 8 kHz float PCM on
 * stdout reduced to waveform peaks and the onset envelope as it arrives (memory stays flat whatever
 * the length; decision 0605), and an EBU R128 measurement (integrated loudness and true peak) whose
 * summary ffmpeg prints at the end.
 */
export async function analyseAudio(options: AnalyseOptions): Promise<AudioAnalysis> {
  const taps = options.taps ?? [];
  const split = (options.renditionFile ? 3 : 2) + taps.length;
  const tapLabels = taps.map((_, i) => `[tap${i}_in]`).join('');
  const graph = [
    `[0:a:0]asplit=${split}[pcm_in][loud_in]${options.renditionFile ? '[out]' : ''}${tapLabels}`,
    `[pcm_in]aresample=${PEAK_SAMPLE_RATE},aformat=sample_fmts=flt:channel_layouts=mono[pcm]`,
    // framelog=verbose keeps the ten-a-second momentary lines out of an info-level log.
    '[loud_in]ebur128=peak=true:framelog=verbose[loud]',
    ...taps.map((tap, i) => `[tap${i}_in]${tap.filters}[tap${i}]`),
  ].join(';');
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-i', options.input];
  args.push('-filter_complex', graph);
  if (options.renditionFile) {
    const channels = Math.min(2, Math.max(1, options.channels ?? 2));
    args.push('-map', '[out]', '-ac', String(channels), '-c:a', 'aac');
    if ((options.sampleRate ?? 0) > 48_000) args.push('-ar', '48000');
    args.push('-b:a', String(channels * RENDITION.bitratePerChannel), '-movflags', '+faststart');
    args.push('-map_metadata', '-1', '-f', 'ipod', '-y', options.renditionFile);
  }
  args.push('-map', '[pcm]', '-f', 'f32le', 'pipe:1', '-map', '[loud]', '-f', 'null', '-');
  // Tap i writes to file descriptor 3 + i (stdin, stdout and stderr come first).
  for (const [i, tap] of taps.entries()) args.push('-map', `[tap${i}]`, '-f', tap.format, `pipe:${3 + i}`);

  const stdio: ('ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe', ...taps.map(() => 'pipe' as const)];
  const child = spawn(options.ffmpeg, args, { stdio, signal: options.signal });
  try {
    if (child.pid) setPriority(child.pid, FFMPEG_NICENESS);
  } catch {
    // Not allowed here (some containers): it still runs, at normal priority.
  }
  const { stdout, stderr: errors } = child;
  if (!stdout || !errors) throw new Error('ffmpeg started without its pipes');
  const reducer = new PeakReducer();
  const onsets = new OnsetReducer(PEAK_SAMPLE_RATE);
  const pcm = new FloatChunks();
  let stderr = '';
  stdout.on('data', (chunk: Buffer) =>
    pcm.push(chunk, (sample) => {
      reducer.push(sample);
      onsets.push(sample);
    }),
  );
  for (const [i, tap] of taps.entries()) {
    (child.stdio[3 + i] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => tap.push(chunk));
  }
  errors.setEncoding('utf8');
  errors.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
  });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  );
  if (exit.code !== 0) {
    if (exit.signal || TRANSIENT_FFMPEG_ERROR.test(stderr)) {
      throw new Error(`ffmpeg stopped (${exit.signal ?? `exit ${exit.code}`}): ${lastError(stderr)}`);
    }
    throw new UndecodableAudioError(describeFailure(stderr));
  }
  if (reducer.samples === 0) throw new UndecodableAudioError('No audio could be decoded from the file');
  const measured: MainMeasures = {
    duration: reducer.samples / PEAK_SAMPLE_RATE,
    peaks: reducer.finish(),
    ...parseLoudnessSummary(stderr),
    ...onsets.finish(),
  };
  // The loudness range comes from the same ebur128 summary: every take has it, whatever the taps.
  const description: TakeDescription = { loudnessRange: parseLoudnessRange(stderr) };
  for (const tap of taps) Object.assign(description, await tap.finish(measured));
  return { ...measured, description };
}

/** The ebur128 summary's integrated loudness (LUFS) and true peak (dBFS); -inf (silence) → null. */
export function parseLoudnessSummary(log: string): Pick<AudioAnalysis, 'integratedLufs' | 'truePeakDb'> {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = /Integrated loudness:\s*I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary)?.[1];
  const truePeak = /True peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/.exec(summary)?.[1];
  const number = (v: string | undefined) => {
    const n = v === undefined ? Number.NaN : Number(v);
    return Number.isFinite(n) ? n : null;
  };
  return { integratedLufs: number(integrated), truePeakDb: number(truePeak) };
}

/**
 * The ebur128 summary's loudness range (LRA, in LU: EBU Tech 3342, how far the loud and the quiet
 * passages lie apart); null when the summary has none or it is not a number (nothing above the gate).
 */
export function parseLoudnessRange(log: string): number | null {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const range = Number(/Loudness range:\s*LRA:\s*(-?[\d.]+|-?inf|nan)\s*LU\b/.exec(summary)?.[1]);
  return Number.isFinite(range) ? range : null;
}

/** The last line of ffmpeg's log that reads like an error (its own words, without the [tag @ 0x…]). */
function lastError(log: string): string {
  const lines = log
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]+\]\s*/, '').trim())
    .filter(Boolean);
  const errors = lines.filter((line) =>
    /error|invalid|could not|cannot|unable|not found|no such/i.test(line),
  );
  return (errors.at(-1) ?? lines.at(-1) ?? 'no details').slice(0, 300);
}

/** A reason the owner can read: what went wrong, in words, with ffmpeg's own for the curious. */
function describeFailure(log: string): string {
  if (/matches no streams|does not contain any stream|Output file #0 does not contain/i.test(log)) {
    return 'The file holds no audio that could be decoded';
  }
  return `The audio could not be decoded (ffmpeg: ${lastError(log)})`;
}

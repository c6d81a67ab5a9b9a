import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
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
  const split = options.renditionFile ? 3 : 2;
  const graph = [
    `[0:a:0]asplit=${split}[pcm_in][loud_in]${options.renditionFile ? '[out]' : ''}`,
    `[pcm_in]aresample=${PEAK_SAMPLE_RATE},aformat=sample_fmts=flt:channel_layouts=mono[pcm]`,
    // framelog=verbose keeps the ten-a-second momentary lines out of an info-level log.
    '[loud_in]ebur128=peak=true:framelog=verbose[loud]',
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

  const child = spawn(options.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
  try {
    if (child.pid) setPriority(child.pid, FFMPEG_NICENESS);
  } catch {
    // Not allowed here (some containers): it still runs, at normal priority.
  }
  const reducer = new PeakReducer();
  const onsets = new OnsetReducer(PEAK_SAMPLE_RATE);
  const pcm = new FloatChunks();
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) =>
    pcm.push(chunk, (sample) => {
      reducer.push(sample);
      onsets.push(sample);
    }),
  );
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
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
  const loudness = parseLoudnessSummary(stderr);
  return {
    duration: reducer.samples / PEAK_SAMPLE_RATE,
    peaks: reducer.finish(),
    ...loudness,
    ...onsets.finish(),
  };
}

/** Little-endian 32-bit floats from a pipe, whose chunks may end mid-sample. */
class FloatChunks {
  private leftover = Buffer.alloc(0);

  push(chunk: Buffer, each: (sample: number) => void) {
    const bytes = this.leftover.length ? Buffer.concat([this.leftover, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    for (let offset = 0; offset < whole; offset += 4) each(bytes.readFloatLE(offset));
    this.leftover = Buffer.from(bytes.subarray(whole));
  }
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

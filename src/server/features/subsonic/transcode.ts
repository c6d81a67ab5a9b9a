import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable } from 'node:stream';
import type { SubsonicParams } from './subsonic-params';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * On-the-fly transcoding for /rest stream (issue 26, decision 0385): ffmpeg reads the track's
 * stream source and writes the new encoding to its stdout, which goes to the socket as it comes.
 * Nothing waits on ffmpeg on the event loop but stream events.
 */
export type TranscodeFormat = 'mp3' | 'opus' | 'aac';

export interface TranscodePlan {
  format: TranscodeFormat;
  /** kbit/s. */
  bitRate: number;
  /** Seconds into the track the output starts at (OpenSubsonic transcodeOffset). */
  offset: number;
}

interface Encoder {
  contentType: string;
  suffix: string;
  defaultBitRate: number;
  /** kbit/s the encoder takes at most (below MAX_BIT_RATE). */
  maxBitRate?: number;
  args: string[];
}

/**
 * MP3 and Opus at a constant rate, so a first transcode's length can be told before it is made
 * (transcode-length.ts, decision 0800).
 */
const ENCODERS: Record<TranscodeFormat, Encoder> = {
  // libmp3lame is CBR at -b:a; 44.1 kHz (MPEG-1) because at a source's 8 to 24 kHz it is MPEG-2
  // or 2.5, which stops at 160 or 64 kbit/s whatever was asked.
  mp3: {
    contentType: 'audio/mpeg',
    suffix: 'mp3',
    defaultBitRate: 192,
    args: ['-c:a', 'libmp3lame', '-ar', '44100', '-f', 'mp3'],
  },
  // Ogg is what players (and browsers) take Opus in; Opus wants 48 kHz. Hard CBR (-vbr off); libopus
  // refuses more than 256 kbit/s for a mono source.
  opus: {
    contentType: 'audio/ogg',
    suffix: 'opus',
    defaultBitRate: 128,
    maxBitRate: 256,
    args: ['-c:a', 'libopus', '-vbr', 'off', '-ar', '48000', '-f', 'ogg'],
  },
  // ADTS: raw AAC frames, streamable without a container index (MP4 would need seeking to write).
  aac: { contentType: 'audio/aac', suffix: 'aac', defaultBitRate: 192, args: ['-c:a', 'aac', '-f', 'adts'] },
};

export const transcodedContentType = (format: TranscodeFormat) => ENCODERS[format].contentType;
export const transcodedSuffix = (format: TranscodeFormat) => ENCODERS[format].suffix;

/** Below this an encoder sounds broken; above it nobody hears a difference. */
const MIN_BIT_RATE = 32;
const MAX_BIT_RATE = 320;

function nonNegative(params: SubsonicParams, name: string): number {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new SubsonicError(SubsonicCode.generic, `${name} must be a number of at least 0`);
  }
  return value;
}

/**
 * What stream should send: undefined for the stored bytes (with Range), else a transcode. `format=raw`
 * always means the stored bytes. A named format (mp3, opus, aac) transcodes; so does `maxBitRate`
 * below the source's average rate (then mp3), and `timeOffset` (a client seeking). Any other format
 * is answered with the stored bytes, as other servers do, so a player asking for one we do not make
 * still plays.
 */
export function planTranscode(
  params: SubsonicParams,
  source: { size: number; duration: number | null },
): TranscodePlan | undefined {
  const format = params.get('format')?.toLowerCase();
  if (format === 'raw') return undefined;
  const maxBitRate = nonNegative(params, 'maxBitRate');
  const offset = nonNegative(params, 'timeOffset');
  const named = format === 'mp3' || format === 'opus' || format === 'aac' ? format : undefined;
  const sourceKbps = source.duration ? (source.size * 8) / source.duration / 1000 : Number.POSITIVE_INFINITY;
  const tooRich = maxBitRate > 0 && sourceKbps > maxBitRate;
  if (!named && !tooRich && offset === 0) return undefined;
  // ffmpeg would answer with a container's header and no audio: the client is told instead.
  if (source.duration !== null && offset >= source.duration) {
    throw new SubsonicError(
      SubsonicCode.generic,
      `timeOffset is past the end (${Math.floor(source.duration)} s)`,
    );
  }
  const chosen = named ?? 'mp3';
  const wanted = maxBitRate > 0 ? maxBitRate : ENCODERS[chosen].defaultBitRate;
  const highest = ENCODERS[chosen].maxBitRate ?? MAX_BIT_RATE;
  const bitRate = Math.round(Math.min(highest, Math.max(MIN_BIT_RATE, wanted)));
  return { format: chosen, bitRate, offset };
}

/**
 * Where ffmpeg reads: the blob's file (local disk) or a presigned URL (S3), both of which it can
 * seek in, so `timeOffset` skips straight there and an MP4 whose index sits at its end still
 * opens; else the store's read stream on stdin (a pipe: decoded from the start, dropped up to the
 * offset).
 */
export type TranscodeInput = { file: string } | { url: string } | { stream: Readable };

/** Each input may open its own kind of thing only (ffmpeg follows playlists and references). */
function inputArgs(input: TranscodeInput): string[] {
  if ('file' in input) return ['-protocol_whitelist', 'file', '-i', `file:${input.file}`];
  if ('url' in input) return ['-protocol_whitelist', 'http,https,tcp,tls,crypto', '-i', input.url];
  return ['-protocol_whitelist', 'pipe', '-i', 'pipe:0'];
}

/** The ffmpeg arguments of one transcode: `-ss` before `-i` seeks the input, not the output. */
export function transcodeArgs(plan: TranscodePlan, input: TranscodeInput): string[] {
  const seek = plan.offset > 0 ? ['-ss', String(plan.offset)] : [];
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    ...seek,
    ...inputArgs(input),
    '-map',
    '0:a:0',
    '-vn',
    '-map_metadata',
    '-1',
    '-b:a',
    `${plan.bitRate}k`,
    ...ENCODERS[plan.format].args,
    'pipe:1',
  ];
}

/** As the processing job (analyse-audio.ts): requests keep their share of a small machine. */
const FFMPEG_NICENESS = 10;

function renice(pid: number | undefined) {
  try {
    if (pid) setPriority(pid, FFMPEG_NICENESS);
  } catch {
    // Not allowed here (some containers), or ffmpeg already gone: it runs at normal priority.
  }
}
const STDERR_TAIL = 4096;

export interface Transcode {
  /** The encoded audio; its first bytes have already arrived. */
  output: Readable;
  /** Ends ffmpeg and the read from the store (the listener went away). */
  stop(): void;
  /** Settles once ffmpeg has exited, however it ended: its exit code (null when killed). */
  exited: Promise<number | null>;
}

/**
 * Starts ffmpeg on `input` and resolves once its first bytes are out, so a failure to decode (or a
 * seek past the end) is still a protocol error rather than an empty 200. The caller must call stop
 * when the client goes away.
 */
export function startTranscode(
  ffmpeg: string,
  input: TranscodeInput,
  plan: TranscodePlan,
): Promise<Transcode> {
  const piped = 'stream' in input ? input.stream : undefined;
  const child = spawn(ffmpeg, transcodeArgs(plan, input), {
    stdio: [piped ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  // Both are pipes (stdio above); only stdin depends on the input.
  const out = child.stdout!;
  const errors = child.stderr!;
  let stderr = '';
  errors.setEncoding('utf8');
  errors.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  if (piped) {
    // ffmpeg stops reading once it has what it needs (or fails): the pipe then breaks, which is fine.
    child.stdin!.on('error', () => {});
    piped.on('error', () => child.kill('SIGKILL'));
    piped.pipe(child.stdin!);
  }
  const stop = () => {
    piped?.destroy();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.on('close', () => piped?.destroy());
  return new Promise((resolve, reject) => {
    const failed = (why: string) => {
      stop();
      reject(new SubsonicError(SubsonicCode.generic, why));
    };
    child.on('error', (err) => failed(`Transcoding could not start: ${err.message}`));
    out.once('readable', () => {
      if (out.readableLength > 0) {
        // Niced only now: the start (loading ffmpeg's libraries, probing, the first frames) is the
        // listener's time to first byte (decision 0400); the rest of the encode yields to requests.
        renice(child.pid);
        resolve({ output: out, stop, exited });
      } else failed(`Transcoding produced nothing${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`);
    });
  });
}

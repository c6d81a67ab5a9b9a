import { spawn } from 'node:child_process';
import type { AudioTap } from './analyse-audio';
import { ChromaprintSession } from './chromaprint';
import { encodeFingerprint, FINGERPRINT_ITEM_SECONDS } from './fingerprint-match';

// A take's Chromaprint fingerprint (issue 47, decision 0830): the media job's tap and the upload's
// quick look at a new file give the same fingerprint of the same audio.

/** Chromaprint's own working rate: anything else it resamples to this first. */
const FINGERPRINT_SAMPLE_RATE = 11_025;
/** Like fpcalc and AcoustID: the opening two minutes say which recording it is. */
export const FINGERPRINT_SECONDS = 120;
const PCM_BYTES = FINGERPRINT_SECONDS * FINGERPRINT_SAMPLE_RATE * 2;
/** Fewer sub-fingerprints than this (about 2 s) is no fingerprint: nothing to compare. */
const MIN_ITEMS = 16;
/** Audio shorter than this makes fewer than MIN_ITEMS sub-fingerprints: no fingerprint at all. */
export const MIN_FINGERPRINT_SECONDS = MIN_ITEMS * FINGERPRINT_ITEM_SECONDS;
const FILTERS = `atrim=end=${FINGERPRINT_SECONDS},aresample=${FINGERPRINT_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono`;

/** The opening's 16-bit PCM, kept to its bounded length (2.6 MB at most) until it is fingerprinted. */
class OpeningPcm {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;

  push(chunk: Buffer) {
    const room = PCM_BYTES - this.bytes;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(Buffer.from(kept));
    this.bytes += kept.length;
  }

  async fingerprint(): Promise<Uint32Array | null> {
    const pcm = Buffer.concat(this.chunks);
    const session = await ChromaprintSession.start(FINGERPRINT_SAMPLE_RATE);
    // Fed in slices so the module's heap holds one slice, not the whole opening, besides its own.
    const slice = 64 * 1024;
    try {
      for (let at = 0; at + 1 < pcm.length; at += slice) session.feed(pcm.subarray(at, at + slice));
    } catch (err) {
      session.discard();
      throw err;
    }
    const raw = session.finish();
    return raw.length >= MIN_ITEMS ? raw : null;
  }
}

/** The media job's tap: the fingerprint of every take and kept version, as base64 (null when too short). */
export function fingerprintTap(): AudioTap {
  const opening = new OpeningPcm();
  return {
    filters: FILTERS,
    format: 's16le',
    push: (chunk) => opening.push(chunk),
    finish: async () => {
      const raw = await opening.fingerprint();
      return { fingerprint: raw ? encodeFingerprint(raw) : null };
    },
  };
}

/**
 * The fingerprint of a file on disk (an upload before it is stored), by an ffmpeg of its own that
 * decodes only the opening. Null when it is too short; throws when ffmpeg fails or `signal` aborts.
 */
export async function fingerprintFile(
  ffmpeg: string,
  file: string,
  signal?: AbortSignal,
): Promise<Uint32Array | null> {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-t', String(FINGERPRINT_SECONDS)];
  args.push('-i', file, '-map', '0:a:0', '-af', FILTERS, '-f', 's16le', 'pipe:1');
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'], signal });
  const opening = new OpeningPcm();
  child.stdout.on('data', (chunk: Buffer) => opening.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`ffmpeg could not decode the opening (exit ${code})`);
  return await opening.fingerprint();
}

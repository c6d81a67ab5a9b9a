import { Readable } from 'node:stream';
import type { SubsonicParams } from './subsonic-params';
import type { TranscodePlan } from './transcode';

/**
 * The length a first transcode is sent with (issue 46, decision 0800): players show a seek bar only
 * for a reply with a Content-Length, and a transcode's length is known only once ffmpeg is done.
 * Like Navidrome's `estimateContentLength`, the length is duration × bit rate; unlike it, the bytes
 * then sent are exactly that many (cut, or followed by zero bytes), so the connection never claims
 * a length it does not keep. Both encoders estimated here run at a constant rate (transcode.ts), so
 * the estimate lands within a few frames and the padding stays small.
 */

/** A share of the audio's bytes on top of the estimate: a duration read from tags may be short. */
const MARGIN = 0.002;
/**
 * At most this many bytes of margin: zero bytes after an Ogg stream's last page hide that page from a
 * demuxer looking for it near the end (ffmpeg looks within 64 kB), and they are the only length a
 * player that counts from the bit rate gets wrong.
 */
const MAX_MARGIN_BYTES = 32 * 1024;
/** Room for the container's header (ID3v2, OpusHead and OpusTags pages). */
const HEADER_BYTES = 256;

/** Bytes a second, and of one frame (packet), of the two constant-rate encoders' output. */
function rateOf(plan: TranscodePlan): { perSecond: number; frame: number } {
  const audio = (plan.bitRate * 1000) / 8;
  // MPEG-1 Layer III at 44.1 kHz (the mp3 encoder's rate): 1152 samples a frame, nothing besides.
  if (plan.format === 'mp3') return { perSecond: audio, frame: (audio * 1152) / 44_100 };
  // Ogg Opus: a 20 ms packet and its lacing values (one per 255 bytes), and a page header a second.
  const packet = audio / 50 + Math.floor(audio / 50 / 255) + 1;
  return { perSecond: 50 * packet + 27, frame: packet };
}

/**
 * The bytes a transcode of `seconds` of audio is sent as, or undefined when it is sent as ffmpeg
 * writes it: an AAC transcode (ffmpeg's AAC encoder has no constant rate: the same bit rate gave
 * from 2 % to 109 % of duration × bit rate, so the padding could be most of the reply), an unknown
 * duration, or a client that says `estimateContentLength=false`.
 */
export function estimatedLength(
  plan: TranscodePlan,
  duration: number | null,
  params: SubsonicParams,
): number | undefined {
  if (params.get('estimateContentLength')?.toLowerCase() === 'false') return undefined;
  if (duration === null || !Number.isFinite(duration) || plan.format === 'aac') return undefined;
  const seconds = Math.max(0, duration - plan.offset);
  const { perSecond, frame } = rateOf(plan);
  const audio = seconds * perSecond;
  // Encoder delay, the last frame's fill and a seek landing a frame early: a few frames more.
  return Math.ceil(audio + Math.min(audio * MARGIN, MAX_MARGIN_BYTES) + 3 * frame + HEADER_BYTES);
}

const PAD_CHUNK = 64 * 1024;

/**
 * `source` as exactly `length` bytes: what is past the length is dropped, and a source that ends
 * short is followed by zero bytes (MP3 and Ogg demuxers skip them looking for the next frame or
 * page, and find none). `source` is read to its end either way, so another reader of the same
 * bytes (the transcode cache's copy) still gets all of them after the reply is complete; destroying
 * the fitted stream destroys `source`.
 */
export function fitToLength(source: Readable, length: number): Readable {
  let sent = 0;
  let sourceEnded = false;
  let done = false;
  const finish = () => {
    if (!done) {
      done = true;
      fitted.push(null);
    }
  };
  const pad = () => {
    while (sent < length) {
      const size = Math.min(PAD_CHUNK, length - sent);
      sent += size;
      if (!fitted.push(Buffer.alloc(size))) return;
    }
    finish();
  };
  const fitted = new Readable({
    read() {
      if (sourceEnded) pad();
      else source.resume();
    },
    // The reply gone (the listener left): the source goes too, as it would were it sent itself.
    // Left paused, it would hold ffmpeg's output, whose process then never closes nor frees its slot.
    destroy(err, callback) {
      source.destroy();
      callback(err);
    },
  });
  source.on('data', (chunk: Buffer) => {
    if (done) return;
    const part = chunk.length > length - sent ? chunk.subarray(0, length - sent) : chunk;
    sent += part.length;
    const more = fitted.push(part);
    // Complete: the source flows on into nothing here (never paused again), to its end.
    if (sent >= length) finish();
    else if (!more) source.pause();
  });
  source.once('end', () => {
    sourceEnded = true;
    if (!done) pad();
  });
  source.once('error', (err) => fitted.destroy(err));
  return fitted;
}

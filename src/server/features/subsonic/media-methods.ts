import { PassThrough, Readable } from 'node:stream';
import { countStreamedBytes } from '../../observability/response-bytes';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { type MediaOffload, mediaSender, PRIVATE } from '../../storage/media-sender';
import type { StreamAccess } from '../tracks/stream-access.service';
import { trackMediaReplies } from '../tracks/track-media.service';
import { streamSource, type TrackRow } from '../tracks/tracks.service';
import { avatarMethod } from './avatar-method';
import { coverArtMethod } from './cover-art';
import { watchForStall } from './stalled-listener';
import type { SubsonicMediaContext, SubsonicMediaMethod } from './subsonic-context';
import { parseSongId } from './subsonic-library';
import { SubsonicCode, SubsonicError } from './subsonic-response';
import {
  planTranscode,
  startTranscode,
  type TranscodeInput,
  type TranscodePlan,
  transcodedContentType,
} from './transcode';
import type { TranscodeCache } from './transcode-cache';
import { estimatedLength, fitToLength } from './transcode-length';
import { TRANSCODE_BUSY_RETRY_AFTER_SECONDS, TranscodeBusy, type TranscodeSlots } from './transcode-slots';

/** What the media methods need beyond a method's context: the web app's own stream machinery. */
export interface SubsonicMediaDeps {
  store: BlobStore;
  offload: MediaOffload;
  /** The same access decisions (and their cache) as /api/tracks/{id}/stream (decision 0066). */
  access: StreamAccess;
  /** The ffmpeg to transcode with, looked up when first needed (media/ffmpeg-binaries.ts). */
  ffmpeg: () => string;
  /** Finished whole-track transcodes in the blob store (decision 0400); absent: none are kept. */
  cache?: TranscodeCache;
  /** Who may run ffmpeg now, one slot a person at most (decision 0535). */
  slots: TranscodeSlots;
  /** A listener who takes no byte for this long is cut and their slot freed (TRANSCODE_STALL_SECONDS). */
  stallMs: number;
  /** Where a waveform tile is written before the store takes it (cover-art.ts, DATA_DIR/tmp). */
  tempDir: string;
}

const songNotFound = () => new SubsonicError(SubsonicCode.notFound, 'Song not found');

/** The web app's 404 (no such track, or not the caller's to hear) is the protocol's 70. */
async function asSubsonic<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw songNotFound();
    throw err;
  }
}

/** How long a presigned URL handed to ffmpeg works: longer than any transcode of a long file takes. */
const INPUT_URL_SECONDS = 6 * 3600;

/** A seekable input where the store has one (transcode.ts), else its read stream. */
async function transcodeInput(
  store: BlobStore,
  source: { key: string; mimeType: string },
): Promise<TranscodeInput> {
  // A missing blob is 70 here rather than "ffmpeg produced nothing".
  if (!(await store.stat(source.key))) throw songNotFound();
  if (store.localPath) return { file: store.localPath(source.key) };
  if (store.presignedGetUrl) {
    const url = await store.presignedGetUrl(source.key, {
      expiresInSeconds: INPUT_URL_SECONDS,
      contentType: source.mimeType,
      cacheControl: 'no-store',
    });
    return { url };
  }
  return { stream: await store.createReadStream(source.key) };
}

function ffmpegOf(deps: SubsonicMediaDeps): string {
  try {
    return deps.ffmpeg();
  } catch {
    // No ffmpeg on this machine (ffmpeg-binaries.ts): the stored bytes still play with format=raw.
    throw new SubsonicError(SubsonicCode.generic, 'Transcoding is not available on this server');
  }
}

/**
 * stream, download (decision 0385): access exactly as the web app's /stream and /original decide
 * (StreamAccess: findListenableTrack, cached per viewer and track), the bytes by the same code
 * (trackMediaReplies: Range, 206/416, ETag; nginx offload or a presigned 302 where configured).
 * stream transcodes when asked (transcode.ts).
 */
export function mediaMethods(deps: SubsonicMediaDeps): ReadonlyMap<string, SubsonicMediaMethod> {
  const media = trackMediaReplies(deps.store, deps.offload);
  const playable = (row: TrackRow) => streamSource(row) !== null;

  const send = mediaSender(deps.store, deps.offload);

  async function transcoded(context: SubsonicMediaContext, track: TrackRow) {
    const source = streamSource(track)!;
    const plan = planTranscode(context.params, { size: track.size, duration: track.duration });
    if (!plan) return undefined;
    const cache = deps.cache?.covers(plan) ? deps.cache : undefined;
    const entry = { trackId: track.id, sourceKey: source.key };
    const key = cache?.keyOf(entry, plan);
    if (cache && key && (await cache.lookup(key))) {
      const { request, reply } = context;
      try {
        // The stored bytes, as a raw stream's: Content-Length, Range (206/416), ETag, offload.
        return await send(request, reply, key, {
          contentType: transcodedContentType(plan.format),
          cacheControl: PRIVATE,
        });
      } catch (err) {
        // Evicted between the lookup and the read: transcoded again, as if never cached.
        if (!(err instanceof HttpError && err.statusCode === 404) || reply.sent) throw err;
        await cache.forget(key);
      }
    }
    const length = estimatedLength(plan, track.duration, context.params);
    // A HEAD asks for the headers a GET would have: they are known without starting ffmpeg.
    if (context.request.method === 'HEAD')
      return transcodeHeaders(context, plan, length).send(Readable.from([]));
    return runTranscode(context, source, plan, length, cache && key ? { cache, key, entry } : undefined);
  }

  /** Waits for a slot for the caller (transcode-slots.ts); busy comes with Retry-After. */
  async function takeSlot({ reply, caller }: SubsonicMediaContext) {
    // The response's close (sent, or the connection lost), not the request's: that one fires as
    // soon as a form POST's body has been read.
    const gone = new AbortController();
    const leave = () => gone.abort(new SubsonicError(SubsonicCode.generic, 'The listener went away'));
    reply.raw.once('close', leave);
    try {
      return await deps.slots.take(caller.user.id, gone.signal);
    } catch (err) {
      if (err instanceof TranscodeBusy)
        reply.header('Retry-After', String(TRANSCODE_BUSY_RETRY_AFTER_SECONDS));
      throw err;
    } finally {
      reply.raw.off('close', leave);
    }
  }

  /**
   * A transcode is sent whole (Accept-Ranges: none, a Range is answered with all of it): its bytes
   * cannot be ranged before they exist, and a client seeks with timeOffset (transcodeOffset), or
   * with Range once the transcode is cached. Its length is the estimate (decision 0800), or none.
   */
  function transcodeHeaders({ reply }: SubsonicMediaContext, plan: TranscodePlan, length?: number) {
    reply
      .code(200)
      .header('Content-Type', transcodedContentType(plan.format))
      .header('Accept-Ranges', 'none')
      .header('Cache-Control', PRIVATE);
    if (length !== undefined) reply.header('Content-Length', String(length));
    return reply;
  }

  async function runTranscode(
    context: SubsonicMediaContext,
    source: { key: string; mimeType: string },
    plan: TranscodePlan,
    length: number | undefined,
    caching?: { cache: TranscodeCache; key: string; entry: { trackId: number; sourceKey: string } },
  ) {
    const { request, reply } = context;
    const ffmpeg = ffmpegOf(deps);
    const release = await takeSlot(context);
    let started: Awaited<ReturnType<typeof startTranscode>>;
    try {
      started = await startTranscode(ffmpeg, await transcodeInput(deps.store, source), plan);
    } catch (err) {
      release();
      throw err;
    }
    const { output, stop, exited } = started;
    // The slot is free once ffmpeg is gone, however it ended.
    void exited.then(release);
    output.on('error', stop);
    // A listener who stops reading holds ffmpeg (paused by backpressure) and the slot: cut.
    const socket = request.raw.socket;
    const unwatch = watchForStall(socket, deps.stallMs, () => {
      request.log.info({ stallMs: deps.stallMs }, 'A transcode listener stopped reading: cut');
      stop();
      // A reset, not a close: the kernel drops what it still holds for them rather than retrying
      // a zero window for minutes.
      socket.resetAndDestroy();
    });
    // A player that seeks or skips drops the connection: ffmpeg must not go on encoding for nobody.
    // A reply complete at its estimated length before ffmpeg is (the estimate was short) lets a
    // cached transcode finish, so the next play has every byte. One listener for both: a streamed
    // reply has ten others already (fastify, the byte count…), and Node warns past ten.
    reply.raw.once('close', () => {
      unwatch();
      if (!(caching && reply.raw.writableFinished)) stop();
    });
    // Gone while ffmpeg started: the close above has already fired.
    if (socket.destroyed) stop();
    let body: Readable = output;
    if (caching) {
      // Both readers take the bytes from the first one on: the reply's own stream (buffering until
      // the reply reads it) and the cache's temp file.
      const tee = new PassThrough();
      output.on('error', (err) => tee.destroy(err));
      output.pipe(tee);
      caching.cache.record(output, exited, caching.entry, caching.key);
      body = tee;
    }
    countStreamedBytes(reply);
    return transcodeHeaders(context, plan, length).send(
      length === undefined ? body : fitToLength(body, length),
    );
  }

  const methods: Record<string, SubsonicMediaMethod> = {
    stream: async (context) => {
      const { request, reply, caller } = context;
      const id = parseSongId(context.params);
      const track = await asSubsonic(() => deps.access.listenable(id, caller.user.id, playable));
      if (!playable(track)) {
        throw new SubsonicError(SubsonicCode.generic, 'This song is still being processed: try again soon');
      }
      return (
        (await transcoded(context, track)) ??
        (await asSubsonic(async () => media.stream(request, reply, track)))
      );
    },
    // The file as uploaded, as the web app's download (/original) sends it.
    download: async ({ request, reply, caller, params }) => {
      const id = parseSongId(params);
      const track = await asSubsonic(() => deps.access.listenable(id, caller.user.id));
      return asSubsonic(async () => media.original(request, reply, track));
    },
  };
  return new Map(
    Object.entries({ ...methods, getCoverArt: coverArtMethod(deps), getAvatar: avatarMethod(deps.store) }),
  );
}

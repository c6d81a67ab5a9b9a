import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { spectrogramKey } from '../../media/spectrogram';
import { blobReplies } from '../../openapi/blob-responses';
import { notFound } from '../../plugins/errors';
import { accelRedirect } from '../../storage/accel-redirect';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import { PRIVATE } from '../../storage/media-sender';
import { presignedRedirect } from '../../storage/presigned-redirect';
import { serveBlob } from '../../storage/serve-blob';
import { conflict, conflictSchema } from './track-media.service';
import { versionConflict } from './track-version-media.service';
import { findVersionTake, versionProcessingOf } from './track-version-takes.service';
import { processingOf, type TrackRow } from './tracks.service';

const picture = blobReplies({
  mediaType: 'image/webp',
  description: 'The spectrogram, a WebP picture: time left to right, frequency on a log scale upwards',
  redirect: true,
});
/** The replies of the spectrogram routes: the picture, 404 as the waveform, 409 while processing. */
export const spectrogramSchemas = {
  response: { ...picture.response, 409: conflictSchema },
  responseHeaders: picture.responseHeaders,
};

export const SPECTROGRAM_DESCRIPTION =
  "Drawn once by the media job from the take's audio (decision 0842). 404 when the caller may not listen to the track, or for a take processed before spectrograms were made (it gets one when processed again); 409 with `processing` until the take is processed.";

const NO_SPECTROGRAM = 'This take has no spectrogram yet';

/**
 * What the spectrogram routes answer once access to `track` is decided (the track's routes and the
 * share links'), as the waveform's: the current version is the track's own take, an earlier one is
 * read from its row. A picture, not media: not counted into the streamed bytes (decision 0440).
 */
export function spectrogramReplies(db: Database, store: BlobStore, offload: MediaOffload) {
  const send = (request: FastifyRequest, reply: FastifyReply, peaksKey: string) => {
    const key = spectrogramKey(peaksKey);
    if (!key) throw notFound(NO_SPECTROGRAM);
    const options = { contentType: 'image/webp', cacheControl: PRIVATE };
    if (offload === 'nginx') return accelRedirect(reply, key, options);
    if (offload === 'redirect') return presignedRedirect(reply, store, key, options);
    return serveBlob(request, reply, store, key, options).catch((err: unknown) => {
      // A take processed before issue 47 has peaks but no picture (decision 0842).
      if ((err as { statusCode?: number }).statusCode === 404) throw notFound(NO_SPECTROGRAM);
      throw err;
    });
  };
  const track = (request: FastifyRequest, reply: FastifyReply, row: TrackRow) => {
    if (row.processingState !== 'ready' || !row.peaksKey) return conflict(reply, processingOf(row));
    return send(request, reply, row.peaksKey);
  };
  return {
    track,
    async version(request: FastifyRequest, reply: FastifyReply, row: TrackRow, version: number) {
      const take = await findVersionTake(db, row, version);
      if (take.current) return track(request, reply, row);
      if (take.row.processingState !== 'ready' || !take.row.peaksKey) {
        return versionConflict(reply, version, versionProcessingOf(take.row));
      }
      return send(request, reply, take.row.peaksKey);
    },
  };
}

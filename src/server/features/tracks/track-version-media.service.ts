import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import { type MediaOffload, mediaSender, PRIVATE } from '../../storage/media-sender';
import { readPeaks, trackMediaReplies } from './track-media.service';
import { findVersionTake, versionProcessingOf, versionStreamSource } from './track-version-takes.service';
import type { TrackRow } from './tracks.service';

/** 409 `{…, processing}` for a version that has nothing playable (or no waveform) yet. */
export function versionConflict(reply: FastifyReply, version: number, processing: Track['processing']) {
  const message =
    processing.state === 'failed'
      ? `Version ${version} could not be processed: ${processing.error}`
      : `Version ${version} is still being processed`;
  return reply.code(409).send({ statusCode: 409, error: 'Conflict', message, processing });
}

/**
 * What a version's stream and waveform routes answer once access to `track` is decided (decision
 * 0622): the track's routes and the share links' by-token routes. The current version is the
 * track's own file, served exactly as /stream and /waveform serve it; an earlier one from its row.
 */
export function versionMediaReplies(db: Database, store: BlobStore, offload: MediaOffload) {
  const send = mediaSender(store, offload);
  const trackMedia = trackMediaReplies(store, offload);
  return {
    async stream(request: FastifyRequest, reply: FastifyReply, track: TrackRow, version: number) {
      const take = await findVersionTake(db, track, version);
      if (take.current) return trackMedia.stream(request, reply, track);
      const source = versionStreamSource(take.row);
      if (!source) return versionConflict(reply, version, versionProcessingOf(take.row));
      return send(request, reply, source.key, { contentType: source.mimeType, cacheControl: PRIVATE });
    },
    async waveform(reply: FastifyReply, track: TrackRow, version: number) {
      const take = await findVersionTake(db, track, version);
      if (take.current) return trackMedia.waveform(reply, track);
      const { row } = take;
      if (row.processingState !== 'ready' || !row.peaksKey) {
        return versionConflict(reply, version, versionProcessingOf(row));
      }
      const peaks = await readPeaks(store, row.peaksKey);
      reply.header('Cache-Control', PRIVATE);
      return peaks;
    },
  };
}

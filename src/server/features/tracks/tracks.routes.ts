import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { duplicateTrackMessage } from '../../../shared/constants';
import { successSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import { uploadedTrackSchema } from '../../../shared/schemas/similar-tracks';
import {
  duplicateTrackConflictSchema,
  trackSchema,
  trackUploadFieldsSchema,
  trackUploadQuerySchema,
  updateTrackBodySchema,
} from '../../../shared/schemas/tracks';
import { sharedTrackSchema, storageUsageSchema } from '../../../shared/schemas/users';
import type { JobQueue } from '../../jobs/job-queue';
import { displayFileName } from '../../media/display-file-name';
import { parseFormFields } from '../../media/form-fields';
import { receiveUpload } from '../../media/receive-upload';
import { uploadForm } from '../../openapi/multipart';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { probeUpload, storeAudioUpload, trackNameOf } from './audio-upload.service';
import { similarTracksRoutes } from './similar-tracks.routes';
import { findSimilarTracks, fingerprintUpload, trackFingerprintColumns } from './similar-tracks.service';
import { audioUploadLimit, createTrackWithinQuota, quotaOf, storedBytes } from './storage.service';
import { editOwnTrack } from './track-edit';
import { type TrackListRoutesOptions, trackListRoutes } from './track-list.routes';
import { type TrackMediaRoutesOptions, trackMediaRoutes } from './track-media.routes';
import { enqueueAfterUpload } from './track-processing.service';
import { trackSpectrogramRoutes } from './track-spectrogram.routes';
import { trackVersionMediaRoutes } from './track-version-media.routes';
import { trackVersionRoutes } from './track-versions.routes';
import { deleteTrack, findTrackWithContent, getListenableTrackWithOwner } from './tracks.service';
import { tracksBulkRoutes } from './tracks-bulk.routes';

/** The journal list's options (track-list.routes.ts) and the rest of the tracks feature's. */
export interface TracksRoutesOptions extends TrackListRoutesOptions {
  store: BlobStore;
  tempDir: string;
  maxUploadBytes: number;
  /** Bytes of audio each person may store; 0 = unlimited. */
  storageQuotaBytes: number;
  /** Where uploads are queued for processing (waveform, loudness, rendition). */
  queue: JobQueue;
  /** The ffmpeg an upload is fingerprinted with, looked up when first needed; none: no look at upload. */
  ffmpeg?: () => string | undefined;
  /** The stream routes' access decisions and byte offload (track-media.routes.ts). */
  media: Pick<TrackMediaRoutesOptions, 'access' | 'offload'>;
}

const trackParams = z.object({ id: idParam() });
const tags = ['tracks'];

export async function tracksRoutes(fastify: FastifyInstance, opts: TracksRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  await app.register(trackListRoutes, {
    db,
    revisions: opts.revisions,
    trackListCacheBytes: opts.trackListCacheBytes,
    trackCountCacheBytes: opts.trackCountCacheBytes,
    wholeJournal: opts.wholeJournal,
  });

  app.post(
    '/api/tracks',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: {
        summary: 'Upload a track',
        description:
          'The reply comes once the file is stored; waveform, loudness and rendition are made afterwards (processing). `similarTracks` names your own tracks that sound like the upload (by audio fingerprint: re-encoded, trimmed or at another level), best first, similarity from 0 to 1; byte-identical files are the duplicate question (`duplicate=ask`), not listed here.',
        tags,
        multipartBody: uploadForm('audio', 'The audio file', trackUploadFieldsSchema),
        querystring: trackUploadQuerySchema,
        response: { 201: uploadedTrackSchema, 409: duplicateTrackConflictSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const quota = quotaOf(user, opts.storageQuotaBytes);
      const limit = await audioUploadLimit(db, user.id, opts.maxUploadBytes, quota);
      const upload = await receiveUpload(request, { fileField: 'audio', tempDir: opts.tempDir, ...limit });
      try {
        const fields = parseFormFields(trackUploadFieldsSchema, upload.fields);
        const filename = displayFileName(upload.originalName);
        if (upload.size === 0) throw new HttpError(400, `${filename} is empty`);
        // The same bytes already in the journal: ask before keeping a second copy (decision 0144).
        if (request.query.duplicate === 'ask') {
          const existing = await findTrackWithContent(db, user.id, upload.sha256);
          if (existing) {
            return reply.code(409).send({
              statusCode: 409,
              error: 'Conflict',
              message: duplicateTrackMessage(existing.name),
              duplicateOf: existing,
            });
          }
        }
        // Probed once (415 unless audio), so what is not audio or too short starts no ffmpeg.
        const audio = await probeUpload(upload, filename);
        // Before the store takes the file away (decision 0832): the reply says which takes it sounds like.
        const fingerprint = await fingerprintUpload(opts.ffmpeg?.(), upload.tempFile, audio, request.log);
        const track = await storeAudioUpload(
          store,
          upload,
          filename,
          (file) =>
            createTrackWithinQuota(db, quota, {
              ...file,
              ...trackFingerprintColumns(fingerprint),
              userId: user.id,
              name: fields.name ?? trackNameOf(filename),
              fileCreatedAt: fields.fileCreatedAt,
            }),
          audio,
        );
        // Processing runs later, in a worker; the upload is answered now.
        await enqueueAfterUpload(opts.queue, track.id, request.log);
        const similarTracks = fingerprint
          ? await findSimilarTracks(db, user.id, fingerprint, {
              trackId: track.id,
              contentHash: upload.sha256,
            })
          : [];
        return reply.code(201).send({ ...track, similarTracks });
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/api/user/storage',
    {
      preHandler: app.requireUser,
      schema: { summary: 'Storage you use, and your quota', tags, response: { 200: storageUsageSchema } },
    },
    async (request) => {
      const user = userOf(request);
      return {
        usedBytes: await storedBytes(db, user.id),
        quotaBytes: quotaOf(user, opts.storageQuotaBytes) || null,
      };
    },
  );

  app.patch(
    '/api/tracks/:id',
    {
      preHandler: app.requireUser,
      // Writes the track's row alone (its triggers renew the owner's journal revision, which is
      // never taken from a cached session): the sessions cached before stay valid (decision 0904).
      config: { keepsIdentity: true },
      schema: {
        summary: 'Edit a track (name, notes, sharing, tempo and key)',
        tags,
        params: trackParams,
        body: updateTrackBodySchema,
        response: { 200: trackSchema },
      },
    },
    // The zod schema above still documents the reply; the statement writes its JSON (decision 0927).
    async (request, reply) => {
      const json = await editOwnTrack(db, request.params.id, userOf(request).id, request.body);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.delete(
    '/api/tracks/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Delete a track and its files',
        tags,
        params: trackParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      // Its files were queued for removal with the row (decision 0095): the drain removes them.
      await deleteTrack(db, request.params.id, userOf(request).id);
      await app.kickBlobDeletions();
      return { success: true as const };
    },
  );

  // The shared track link: no sign-in needed when the track is public (decision 0140).
  app.get(
    '/api/tracks/:id',
    {
      schema: {
        summary: 'A track with its owner (the shared track page)',
        description: 'No sign-in needed when the owner is public; 404 for anyone who may not listen.',
        tags,
        params: trackParams,
        response: { 200: sharedTrackSchema },
      },
    },
    async (request) => getListenableTrackWithOwner(db, request.params.id, request.session.userId ?? null),
  );

  await app.register(trackMediaRoutes, { db, store, queue: opts.queue, ...opts.media });
  await app.register(tracksBulkRoutes, { db, store });
  await app.register(similarTracksRoutes, { db, queue: opts.queue });
  await app.register(trackVersionRoutes, {
    db,
    store,
    queue: opts.queue,
    tempDir: opts.tempDir,
    maxUploadBytes: opts.maxUploadBytes,
    storageQuotaBytes: opts.storageQuotaBytes,
    offload: opts.media.offload,
  });
  await app.register(trackVersionMediaRoutes, { db, store, ...opts.media });
  await app.register(trackSpectrogramRoutes, { db, store, offload: opts.media.offload });
}

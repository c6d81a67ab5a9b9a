import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import {
  TRACK_NAME_MAX,
  trackListQuerySchema,
  trackPageSchema,
  trackSchema,
  trackUploadFieldsSchema,
  updateTrackBodySchema,
} from '../../../shared/schemas/tracks';
import { sharedTrackSchema, storageUsageSchema } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { NotAudioError, probeAudio } from '../../media/audio-probe';
import { parseFormFields } from '../../media/form-fields';
import { receiveUpload } from '../../media/receive-upload';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { audioUploadLimit, createTrackWithinQuota, storedBytes } from './storage.service';
import { ownTracksJson, ownTracksPageJson } from './track-list.query';
import { type TrackMediaRoutesOptions, trackMediaRoutes } from './track-media.routes';
import { enqueueTrackProcessing } from './track-processing.service';
import { deleteTrack, getListenableTrackWithOwner, updateTrack } from './tracks.service';

export interface TracksRoutesOptions {
  db: Database;
  store: BlobStore;
  tempDir: string;
  maxUploadBytes: number;
  /** Bytes of audio each person may store; 0 = unlimited. */
  storageQuotaBytes: number;
  /** Where uploads are queued for processing (waveform, loudness, rendition). */
  queue: JobQueue;
  /** The stream routes' access decisions and byte offload (track-media.routes.ts). */
  media: Pick<TrackMediaRoutesOptions, 'access' | 'offload'>;
}

const trackParams = z.object({ id: idParam() });

/** A browser sends a bare file name; anything with a path in it is not from our client. */
function displayFileName(name: string): string {
  if (!name.trim() || /[/\\]/.test(name) || name.includes('\0') || name === '.' || name === '..') {
    throw new HttpError(400, 'The file name must be a plain name, without folders');
  }
  if (/[\p{Cc}\p{Cs}]/u.test(name))
    throw new HttpError(400, 'The file name must not contain control characters');
  return name.trim().slice(0, 255);
}

export async function tracksRoutes(fastify: FastifyInstance, opts: TracksRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;

  app.get(
    '/api/tracks',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: trackListQuerySchema,
        response: { 200: z.union([z.array(trackSchema), trackPageSchema]) },
      },
    },
    async (request, reply) => {
      const { sort, limit, cursor } = request.query;
      const userId = userOf(request).id;
      // Written whole by the query (decision 0063): a JSON string is sent as it is, not re-serialised.
      const json =
        limit === undefined
          ? await ownTracksJson(db, userId, sort)
          : await ownTracksPageJson(db, userId, sort, limit, cursor);
      // The zod schema above still documents the reply; a plain FastifyReply takes the ready text.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.post(
    '/api/tracks',
    { preHandler: [app.requireUser, app.userRateLimit.upload], schema: { response: { 201: trackSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const limit = await audioUploadLimit(db, user.id, opts.maxUploadBytes, opts.storageQuotaBytes);
      const upload = await receiveUpload(request, { fileField: 'audio', tempDir: opts.tempDir, ...limit });
      let stored: string | undefined;
      try {
        const fields = parseFormFields(trackUploadFieldsSchema, upload.fields);
        const filename = displayFileName(upload.originalName);
        if (upload.size === 0) throw new HttpError(400, `${filename} is empty`);
        const audio = await probeAudio(upload.tempFile).catch((err: unknown) => {
          if (err instanceof NotAudioError) throw new HttpError(415, `${filename} is not an audio file`);
          throw err;
        });
        const name = fields.name ?? (path.parse(filename).name || filename).slice(0, TRACK_NAME_MAX);
        stored = `tracks/${randomUUID()}`;
        const info = await store.putFile(stored, upload.tempFile);
        const track = await createTrackWithinQuota(db, opts.storageQuotaBytes, {
          userId: user.id,
          name,
          filename,
          filepath: stored,
          mimeType: audio.mimeType,
          size: info.size,
          duration: audio.duration,
          fileCreatedAt: fields.fileCreatedAt,
          originalPlayable: audio.browserPlayable,
        });
        stored = undefined;
        // Processing runs later, in a worker; the upload is answered now. Should the enqueue fail,
        // the track stays `pending` and the next start-up queues it (decision 0039).
        await enqueueTrackProcessing(opts.queue, track.id).catch((err: unknown) =>
          request.log.warn({ err, trackId: track.id }, 'Could not queue the track for processing'),
        );
        return reply.code(201).send(track);
      } catch (err) {
        // Whatever failed, the upload leaves neither a file nor a row.
        if (stored) await store.delete(stored);
        throw err;
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/api/user/storage',
    { preHandler: app.requireUser, schema: { response: { 200: storageUsageSchema } } },
    async (request) => ({
      usedBytes: await storedBytes(db, userOf(request).id),
      quotaBytes: opts.storageQuotaBytes || null,
    }),
  );

  app.patch(
    '/api/tracks/:id',
    {
      preHandler: app.requireUser,
      schema: { params: trackParams, body: updateTrackBodySchema, response: { 200: trackSchema } },
    },
    async (request) => updateTrack(db, request.params.id, userOf(request).id, request.body),
  );

  app.delete(
    '/api/tracks/:id',
    { preHandler: app.requireUser, schema: { params: trackParams } },
    async (request) => {
      const keys = await deleteTrack(db, request.params.id, userOf(request).id);
      for (const key of keys) {
        await store
          .delete(key)
          .catch((err: unknown) => request.log.warn({ err, key }, 'Could not remove a deleted track file'));
      }
      return { success: true };
    },
  );

  // The shared track link: no sign-in needed when the owner's profile is public.
  app.get(
    '/api/tracks/:id',
    { schema: { params: trackParams, response: { 200: sharedTrackSchema } } },
    async (request) => getListenableTrackWithOwner(db, request.params.id, request.session.userId ?? null),
  );

  await app.register(trackMediaRoutes, { db, store, queue: opts.queue, ...opts.media });
}

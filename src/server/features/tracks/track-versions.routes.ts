import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import {
  trackVersionSchema,
  trackVersionUploadFieldsSchema,
  versionNumberParam,
} from '../../../shared/schemas/track-versions';
import { trackSchema } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { NotAudioError, probeAudio } from '../../media/audio-probe';
import { displayFileName } from '../../media/display-file-name';
import { parseFormFields } from '../../media/form-fields';
import { receiveUpload } from '../../media/receive-upload';
import { uploadForm } from '../../openapi/multipart';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { attachmentDisposition } from '../../storage/content-disposition';
import { type MediaOffload, mediaSender, PRIVATE } from '../../storage/media-sender';
import { audioUploadLimit, quotaOf } from './storage.service';
import { trackMediaSchemas } from './track-media.service';
import { enqueueAfterUpload } from './track-processing.service';
import { enqueueVersionAfterUpload } from './track-version-processing.service';
import {
  addTrackVersion,
  deleteVersionOriginal,
  findVersionOriginal,
  listTrackVersions,
  requireTrackToVersion,
} from './track-versions.service';

export interface TrackVersionRoutesOptions {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  tempDir: string;
  maxUploadBytes: number;
  storageQuotaBytes: number;
  /** How a version's original leaves, as every track file (storage/media-sender.ts). */
  offload: MediaOffload;
}

const trackParams = z.object({ id: idParam() });
const versionParams = z.object({ id: idParam(), version: versionNumberParam() });
const tags = ['tracks'];
/** The form field of the new file (issue 14's contract for versions; a first upload uses `audio`). */
const FILE_FIELD = 'file';

/**
 * Versions of a track (issue 14, decisions 0220-0222, 0430): upload one, list them, download or
 * remove an earlier version's kept original (owner only).
 */
export async function trackVersionRoutes(fastify: FastifyInstance, opts: TrackVersionRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;

  app.post(
    '/api/tracks/:id/versions',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: {
        summary: 'Upload a new version of a track (owner only)',
        description:
          'The file becomes the current one: the track keeps its id, name, notes, tags, playlists and comments, its `version` goes up by one and it is processed again. The replaced original is kept (it counts toward the quota) and can be downloaded or removed at /api/tracks/{id}/versions/{version}/original. 404 for a track the caller may not listen to, 403 for one they may listen to but do not own.',
        tags,
        params: trackParams,
        multipartBody: uploadForm(FILE_FIELD, 'The new audio file', trackVersionUploadFieldsSchema),
        response: { 201: trackSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // Refused before a byte of the file is read.
      const current = await requireTrackToVersion(db, request.params.id, user.id);
      // The replaced original is kept, so it frees no room (decision 0430).
      const limit = await audioUploadLimit(
        db,
        user.id,
        opts.maxUploadBytes,
        quotaOf(user, opts.storageQuotaBytes),
      );
      const upload = await receiveUpload(request, { fileField: FILE_FIELD, tempDir: opts.tempDir, ...limit });
      let stored: string | undefined;
      try {
        const { note } = parseFormFields(trackVersionUploadFieldsSchema, upload.fields);
        const filename = displayFileName(upload.originalName);
        if (upload.size === 0) throw new HttpError(400, `${filename} is empty`);
        const audio = await probeAudio(upload.tempFile).catch((err: unknown) => {
          if (err instanceof NotAudioError) throw new HttpError(415, `${filename} is not an audio file`);
          throw err;
        });
        stored = `tracks/${randomUUID()}`;
        const info = await store.putFile(stored, upload.tempFile);
        const { track, versionToProcess } = await addTrackVersion(
          db,
          quotaOf(user, opts.storageQuotaBytes),
          current,
          {
            filename,
            filepath: stored,
            mimeType: audio.mimeType,
            size: info.size,
            contentHash: upload.sha256,
            duration: audio.duration,
            originalPlayable: audio.browserPlayable,
          },
          note,
        );
        stored = undefined;
        // The old rendition and peaks were queued for removal with the update (decision 0095); the
        // old original is kept on its version's row (decision 0430).
        await app.kickBlobDeletions();
        // Processing runs later, in a worker; the upload is answered now.
        await enqueueAfterUpload(opts.queue, track.id, request.log);
        // The replaced file, when it was not processed yet, is processed as a version (decision 0606).
        if (versionToProcess !== null) {
          await enqueueVersionAfterUpload(opts.queue, track.id, versionToProcess, request.log);
        }
        return reply.code(201).send(track);
      } catch (err) {
        // Whatever failed, the track keeps its current file and no new file is left behind.
        if (stored) await store.delete(stored);
        throw err;
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/api/tracks/:id/versions',
    {
      schema: {
        summary: "A track's versions, newest first",
        description:
          "Every version as a take to play and compare (issue 43): the current one first (`current`, its results the track's, `alignSeconds` 0), then the earlier ones with their own processing results. A track never replaced answers one entry for its current version, whose `id` is minus the track's id (it has no version row). Version 1 has an entry once a later version replaced it (tracks replaced before originals were kept have none). `streamUrl` and `peaksUrl` (/api/tracks/{id}/versions/{version}/stream and /waveform) are null until the version can play or has peaks. `hasFile` says whether the version's file can be downloaded by the owner. Whoever may listen to the track may read them; 404 otherwise.",
        tags,
        params: trackParams,
        response: { 200: z.array(trackVersionSchema) },
      },
    },
    async (request) => listTrackVersions(db, request.params.id, request.session.userId ?? null),
  );

  const send = mediaSender(store, opts.offload);
  app.get(
    '/api/tracks/:id/versions/:version/original',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Download a version's file as it was uploaded (owner only)",
        description:
          "An earlier version's kept original, or the current file for the current version; as an attachment with its own name, Range supported. 404 when the caller may not listen to the track or the version has no file, 403 for a listener who does not own it.",
        tags,
        params: versionParams,
        ...trackMediaSchemas.original,
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const file = await findVersionOriginal(db, id, version, userOf(request).id);
      return send(request, reply, file.key, {
        contentType: file.mimeType,
        cacheControl: PRIVATE,
        contentDisposition: attachmentDisposition(file.filename),
      });
    },
  );

  app.delete(
    '/api/tracks/:id/versions/:version/original',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Remove an earlier version's file to free room (owner only)",
        description:
          'The version stays in the history without a file. 404 when the caller may not listen to the track or the version has no file, 403 for a listener who does not own it, 409 for the current version (delete the track instead).',
        tags,
        params: versionParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      await deleteVersionOriginal(db, id, version, userOf(request).id);
      // The key was queued with the update (trigger, migration 0026): the drain removes the file.
      await app.kickBlobDeletions();
      return reply.code(204).send(null);
    },
  );
}

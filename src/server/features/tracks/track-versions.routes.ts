import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { trackVersionSchema, trackVersionUploadFieldsSchema } from '../../../shared/schemas/track-versions';
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
import { audioUploadLimit, quotaOf } from './storage.service';
import { enqueueAfterUpload } from './track-processing.service';
import { addTrackVersion, listTrackVersions, requireTrackToVersion } from './track-versions.service';

export interface TrackVersionRoutesOptions {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  tempDir: string;
  maxUploadBytes: number;
  storageQuotaBytes: number;
}

const trackParams = z.object({ id: idParam() });
const tags = ['tracks'];
/** The form field of the new file (issue 14's contract for versions; a first upload uses `audio`). */
const FILE_FIELD = 'file';

/** New versions of a track (issue 14, decisions 0220-0222): upload one, list them. */
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
          'The file replaces the current one: the track keeps its id, name, notes, tags, playlists and comments, its `version` goes up by one and it is processed again. 404 for a track the caller may not listen to, 403 for one they may listen to but do not own.',
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
      const limit = await audioUploadLimit(
        db,
        user.id,
        opts.maxUploadBytes,
        quotaOf(user, opts.storageQuotaBytes),
        current.size,
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
        const { track } = await addTrackVersion(
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
        // The old original, rendition and peaks were queued for removal with the update (decision 0095).
        await app.kickBlobDeletions();
        // Processing runs later, in a worker; the upload is answered now.
        await enqueueAfterUpload(opts.queue, track.id, request.log);
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
        summary: "A track's new versions, newest first",
        description:
          'Version 1 (the first upload) has no entry. Whoever may listen to the track may read them; 404 otherwise.',
        tags,
        params: trackParams,
        response: { 200: z.array(trackVersionSchema) },
      },
    },
    async (request) => listTrackVersions(db, request.params.id, request.session.userId ?? null),
  );
}

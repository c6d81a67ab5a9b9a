import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_JOURNAL_MAX_BYTES,
  IMPORT_MAX_TRACKS,
  importIdParamsSchema,
  importStartedSchema,
  userImportListSchema,
  userImportSchema,
} from '../../../shared/schemas/imports';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { displayFileName } from '../../media/display-file-name';
import { fileTooLargeMessage, formatByteLimit, receiveUpload } from '../../media/receive-upload';
import { uploadForm } from '../../openapi/multipart';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import { quotaOf } from '../tracks/storage.service';
import { checkArchive, importZipLimits } from './import-archive';
import { sendImport, startImports } from './imports.queue';
import {
  assertFitsQuota,
  claimImport,
  dropImport,
  getImport,
  importBlobKey,
  listImports,
  receivedImport,
} from './imports.service';
import { MAX_RATIO } from './zip-reader';

const tags = ['users'];
/** The largest archive taken without a quota (with one, what is left of it bounds the tracks anyway). */
export const IMPORT_MAX_BYTES = 64 * 1024 ** 3;

export interface ImportsRoutesOptions {
  db: Database;
  store: BlobStore;
  tempDir: string;
  queue: JobQueue;
  maxUploadBytes: number;
  storageQuotaBytes: number;
  /** The largest archive (and the most it may unpack to); default IMPORT_MAX_BYTES. */
  maxImportBytes?: number;
  kickBlobDeletions: () => Promise<void>;
  /** How the job waits for a per-minute limit's window to end (tests move a clock instead). */
  paceSleep?: (ms: number) => Promise<void>;
}

/**
 * "Import a Journal export" (issue 27, decision 0425): the zip is streamed to a temp file, checked
 * whole (import-archive.ts), stored for the job, and a queued job recreates it. Signed-in only, one's
 * own imports only, CSRF on the request; one import at a time per person.
 */
export async function importsRoutes(fastify: FastifyInstance, opts: ImportsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store, queue } = opts;
  const maxImportBytes = opts.maxImportBytes ?? IMPORT_MAX_BYTES;
  const limits = importZipLimits(opts.maxUploadBytes, maxImportBytes);

  app.post(
    '/api/user/import',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Import a Journal export',
        description: `Upload a zip made by "Export all your data" (here or on another Journal). The whole archive is checked first: unsafe paths, a zip bomb (one entry or the whole archive inflating past ${MAX_RATIO} times its size), an entry past the upload limit, more than ${IMPORT_MAX_TRACKS.toLocaleString('en')} tracks or a journal.json past ${formatByteLimit(IMPORT_JOURNAL_MAX_BYTES)}, tracks past your storage quota (your own, as an admin set it), a journal.json that does not match the format, a file named by more than one track, or files missing or not matching their sha256 are refused (400, 413 or 422) and nothing is kept. Then a job recreates tracks (processed again), versions, equipment tags and playlists, skipping what you already have; it stops and undoes itself if your quota no longer holds them; follow it in GET /api/user/imports. 409, before the body is read, while another import of yours is arriving, queued or running.`,
        tags,
        multipartBody: uploadForm('file', 'The export zip'),
        response: { 202: importStartedSchema },
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      // The person's one slot, taken before a byte of the body is read: a second import at once is a
      // 409, from any instance. Given back whenever this archive is not kept.
      const id = await claimImport(db, me.id);
      let kept = false;
      try {
        const upload = await receiveUpload(request, {
          fileField: 'file',
          tempDir: opts.tempDir,
          maxBytes: maxImportBytes,
          tooLargeMessage: fileTooLargeMessage(formatByteLimit(maxImportBytes)),
        });
        try {
          const checked = await checkArchive(upload.tempFile, limits);
          await assertFitsQuota(db, me.id, quotaOf(me, opts.storageQuotaBytes), checked);
          const row = await receivedImport(db, {
            id,
            userId: me.id,
            fileName: displayFileName(upload.originalName),
            total: checked.journal.tracks.length,
          });
          await store.putFile(importBlobKey(id), upload.tempFile);
          kept = true;
          // Not queued (the queue briefly down): the row stays queued and the next start queues it.
          await sendImport(queue, id).catch((err: unknown) =>
            request.log.warn({ err }, 'Could not queue an import'),
          );
          return reply.code(202).send({ id, state: row.state });
        } finally {
          await upload.cleanup();
        }
      } finally {
        if (!kept) {
          // The row's removal queues whatever part of the zip reached the store.
          await dropImport(db, id);
          await opts.kickBlobDeletions();
        }
      }
    },
  );

  app.get(
    '/api/user/imports',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Your imports',
        description: 'The newest first, with their state, progress and what each made or skipped.',
        tags,
        response: { 200: userImportListSchema },
      },
    },
    async (request) => listImports(db, userOf(request).id),
  );

  app.get(
    '/api/user/imports/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'One of your imports',
        description: 'Its state, progress and counts. Yours only: anything else is 404.',
        tags,
        params: importIdParamsSchema,
        response: { 200: userImportSchema },
      },
    },
    async (request) => getImport(db, userOf(request).id, request.params.id),
  );

  await startImports(queue, {
    db,
    store,
    queue,
    tempDir: opts.tempDir,
    defaultQuotaBytes: opts.storageQuotaBytes,
    limits,
    log: app.log,
    kickBlobDeletions: opts.kickBlobDeletions,
    takeUserAction: (action, userId, bytes) => app.takeUserAction(action, userId, bytes),
    sleep: opts.paceSleep,
  });
}

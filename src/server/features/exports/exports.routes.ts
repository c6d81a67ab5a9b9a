import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportFileName,
  exportIdParamsSchema,
  exportStartedSchema,
  userExportListSchema,
} from '../../../shared/schemas/exports';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { schedulePeriodicTask } from '../../jobs/periodic-task';
import { blobReplies } from '../../openapi/blob-responses';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import { attachmentDisposition } from '../../storage/content-disposition';
import { type MediaOffload, mediaSender, PRIVATE } from '../../storage/media-sender';
import { deviceOf, recordExportEvent } from '../sessions/security-events.service';
import { sendExport, startExports } from './exports.queue';
import { createExport, findReadyExport, listExports, removeExpiredExports } from './exports.service';

const tags = ['users'];
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const archive = blobReplies({
  mediaType: 'application/zip',
  description: 'The export archive, as an attachment',
  redirect: true,
});

/**
 * "Download my data" (issue 27, decision 0415): ask for an export (a queued job builds the zip),
 * follow it, download it for 7 days. Signed-in only, one's own exports only, CSRF on the request.
 */
export async function exportsRoutes(
  fastify: FastifyInstance,
  opts: {
    db: Database;
    store: BlobStore;
    tempDir: string;
    queue: JobQueue;
    offload: MediaOffload;
    sweepIntervalMs?: number;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = opts;
  const send = mediaSender(opts.store, opts.offload);

  app.post(
    '/api/user/export',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Export all your data',
        description:
          'Starts preparing a zip of everything you put into Journal (originals, journal.json, tracks.csv, images, README.txt; docs/export-format.md). You are notified when it is ready; it is kept 7 days. One at a time: 409 while one is being prepared.',
        tags,
        response: { 202: exportStartedSchema },
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      const row = await createExport(db, me.id);
      await recordExportEvent(db, me.id, 'requested', { exportId: row.id, ...deviceOf(request) });
      // Not queued (the queue briefly down): the row stays queued and the next start queues it.
      await sendExport(queue, row.id).catch((err: unknown) =>
        request.log.warn({ err }, 'Could not queue a data export'),
      );
      return reply.code(202).send({ id: row.id, state: row.state });
    },
  );

  app.get(
    '/api/user/exports',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Your data exports',
        description: 'The newest first, with their state; a ready one has its download link and expiry.',
        tags,
        response: { 200: userExportListSchema },
      },
    },
    async (request) => listExports(db, userOf(request).id),
  );

  app.get(
    '/api/user/export/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Download a data export',
        description: 'The zip, with byte ranges. Yours and ready only: anything else is 404.',
        tags,
        params: exportIdParamsSchema,
        ...archive,
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      const row = await findReadyExport(db, me.id, request.params.id);
      // A resumed download (a later Range) is the same download: logged once, at its start.
      const range = request.headers.range;
      if (!range || /^bytes=0-/.test(range)) {
        await recordExportEvent(db, me.id, 'downloaded', { exportId: row.id, ...deviceOf(request) });
      }
      return send(request, reply, row.blobKey!, {
        contentType: 'application/zip',
        cacheControl: PRIVATE,
        contentDisposition: attachmentDisposition(exportFileName(row.readyAt!)),
      });
    },
  );

  await startExports(queue, { db, store: opts.store, tempDir: opts.tempDir, log: app.log });
  // Kept 7 days; once per period across instances (decision 0099).
  schedulePeriodicTask(app, db, {
    name: 'remove-expired-exports',
    intervalMs: opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    run: async () => {
      if ((await removeExpiredExports(db)) > 0) await app.kickBlobDeletions();
    },
    failure: 'Removing expired data exports failed',
  });
}

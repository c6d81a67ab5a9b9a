import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_BODY_LIMIT_BYTES,
  bulkTrackBodySchema,
  bulkTrackResultSchema,
  TRACK_ARCHIVE_NAME,
  trackArchiveBodySchema,
} from '../../../shared/schemas/track-bulk';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import { attachmentDisposition } from '../../storage/content-disposition';
import { ownArchiveEntries, trackArchiveStream } from './tracks-archive';
import { bulkTrackAction } from './tracks-bulk.service';

export interface TracksBulkRoutesOptions {
  db: Database;
  store: BlobStore;
}

const tags = ['tracks'];

/**
 * Acting on many tracks at once (issue 23). Each request counts once against the per-minute limit
 * (decision 0277): it is one click, and what it may touch is bounded by the 5,000-id cap.
 */
export async function tracksBulkRoutes(fastify: FastifyInstance, opts: TracksBulkRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;

  app.post(
    '/api/tracks/bulk',
    {
      preHandler: app.requireUser,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        summary: 'One action on many of your tracks',
        description:
          'All or nothing, in one transaction: any id that is not one of your tracks (or a playlist or equipment that is not found) answers 404 and changes nothing. `updated` counts the tracks the action changed.',
        tags,
        body: bulkTrackBodySchema,
        response: { 200: bulkTrackResultSchema },
      },
    },
    async (request) => {
      const updated = await bulkTrackAction(db, userOf(request).id, request.body);
      // Deleted tracks' files were queued with the rows (decision 0095): the drain removes them.
      if (request.body.action === 'delete' && updated > 0) await app.kickBlobDeletions();
      return { updated };
    },
  );

  app.post(
    '/api/tracks/archive',
    {
      preHandler: app.requireUser,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      // Audio is compressed already and entries are stored on purpose (decision 0276): never gzip it.
      compress: false,
      schema: {
        summary: 'Download the originals of many of your tracks as one zip',
        description:
          'Streamed as it is read (entries stored, not compressed; Zip64 when large). Files keep their upload names; a repeated name is numbered ("Take (2).wav"). 404 before any byte when an id is not one of your tracks.',
        tags,
        body: trackArchiveBodySchema,
        response: {
          200: {
            description: 'The zip archive',
            content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const entries = await ownArchiveEntries(db, request.body.ids, userOf(request).id);
      // The zod schema documents the bytes; a plain FastifyReply takes the stream.
      return (reply as FastifyReply)
        .type('application/zip')
        .header('Content-Disposition', attachmentDisposition(TRACK_ARCHIVE_NAME))
        .header('Cache-Control', 'private, no-store')
        .send(trackArchiveStream(store, entries));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import {
  createTrackCommentBodySchema,
  resolveTrackCommentBodySchema,
  trackCommentSchema,
  trackCommentThreadSchema,
  updateTrackCommentBodySchema,
} from '../../../shared/schemas/track-comments';
import { commentVersionQuerySchema, markersQuerySchema } from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { attachmentDisposition } from '../../storage/content-disposition';
import { commentMarkers } from './track-comment-markers.service';
import {
  createTrackComment,
  deleteTrackComment,
  listTrackComments,
  resolveTrackComment,
  updateTrackComment,
} from './track-comments.service';

const trackParams = z.object({ id: idParam(), trackId: idParam() });
const commentParams = trackParams.extend({ commentId: idParam() });
const PATH = '/api/collectives/:id/tracks/:trackId/comments';

/** Timed comments on a track of a playlist shared into a collective (issue 14, decision 0160). */
export async function trackCommentsRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    PATH,
    {
      schema: {
        summary: "The collective's timed comments on a track, by position, with their replies",
        description:
          "`version`: that version's comments (a thread carried to it from an earlier version has `carriedFrom`), `all` for every version's; without it, the current version's (decision 0675).",
        tags: ['collectives'],
        params: trackParams,
        querystring: commentVersionQuerySchema,
        response: { 200: z.array(trackCommentThreadSchema) },
      },
    },
    async (request) =>
      listTrackComments(
        db,
        request.params.id,
        request.params.trackId,
        userOf(request).id,
        request.query.version,
      ),
  );

  app.get(
    `${PATH}/markers`,
    {
      schema: {
        summary: "A version's open comments as DAW markers (Audacity labels, REAPER CSV or a CUE sheet)",
        description:
          "The open threads of `version` (default: the current one) in this collective, by position, as a download; the author's name starts each text; times in seconds with millisecond precision (decision 0654). Members only, 404 otherwise.",
        tags: ['collectives'],
        params: trackParams,
        querystring: markersQuerySchema,
        response: {
          200: {
            description:
              'The marker file, as an attachment (Audacity: text/plain, REAPER: text/csv, CUE: application/x-cue)',
            content: {
              'text/plain': { schema: z.string() },
              'text/csv': { schema: z.string() },
              'application/x-cue': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { id, trackId } = request.params;
      const { format, version } = request.query;
      const file = await commentMarkers(db, id, trackId, userOf(request).id, format, version);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    PATH,
    {
      preHandler: app.userRateLimit.comment,
      schema: {
        summary: 'Comment on a moment or a range of a track shared into the collective',
        tags: ['collectives'],
        params: trackParams,
        body: createTrackCommentBodySchema,
        response: { 201: trackCommentSchema },
      },
    },
    async (request, reply) => {
      const { id, trackId } = request.params;
      const comment = await createTrackComment(db, id, trackId, userOf(request).id, request.body);
      return reply.code(201).send(comment);
    },
  );

  const target = (p: z.infer<typeof commentParams>, userId: string) => ({
    collectiveId: p.id,
    trackId: p.trackId,
    commentId: p.commentId,
    userId,
  });

  app.patch(
    `${PATH}/:commentId`,
    {
      schema: {
        summary: 'Edit your timed comment',
        tags: ['collectives'],
        params: commentParams,
        body: updateTrackCommentBodySchema,
        response: { 200: trackCommentSchema },
      },
    },
    async (request) =>
      updateTrackComment(db, target(request.params, userOf(request).id), request.body.content),
  );

  app.delete(
    `${PATH}/:commentId`,
    {
      schema: {
        summary: 'Delete a timed comment (its author, or the owner and admins)',
        tags: ['collectives'],
        params: commentParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteTrackComment(db, target(request.params, userOf(request).id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${PATH}/:commentId/resolve`,
    {
      schema: {
        summary: "Mark a timed comment resolved or not (the track's owner), with an optional note",
        tags: ['collectives'],
        params: commentParams,
        body: resolveTrackCommentBodySchema,
        response: { 200: trackCommentSchema },
      },
    },
    async (request) => resolveTrackComment(db, target(request.params, userOf(request).id), request.body),
  );
}

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
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
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
        tags: ['collectives'],
        params: trackParams,
        response: { 200: z.array(trackCommentThreadSchema) },
      },
    },
    async (request) => listTrackComments(db, request.params.id, request.params.trackId, userOf(request).id),
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
        summary: "Mark a timed comment resolved or not (the track's owner)",
        tags: ['collectives'],
        params: commentParams,
        body: resolveTrackCommentBodySchema,
        response: { 200: trackCommentSchema },
      },
    },
    async (request) =>
      resolveTrackComment(db, target(request.params, userOf(request).id), request.body.resolved),
  );
}

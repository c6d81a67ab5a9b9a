import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  likedTrackIdsSchema,
  likedTracksPageSchema,
  likeStateSchema,
  likesQuerySchema,
} from '../../../shared/schemas/likes';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { likedTrackIds, likedTracksPage, likeTrack, unlikeTrack } from './likes.service';

const trackParams = z.object({ id: idParam() });
const tags = ['tracks'];

/** The heart (issue 26, decision 0390): like and unlike a track, and the person's Liked list. */
export async function likesRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.put(
    '/api/tracks/:id/like',
    {
      schema: {
        summary: 'Like a track you may listen to (again: no change)',
        tags,
        params: trackParams,
        response: { 200: likeStateSchema },
      },
    },
    async (request) => {
      await likeTrack(db, userOf(request).id, request.params.id);
      return { liked: true };
    },
  );

  app.delete(
    '/api/tracks/:id/like',
    {
      schema: {
        summary: 'Take back your like of a track (not liked: no change)',
        tags,
        params: trackParams,
        response: { 200: likeStateSchema },
      },
    },
    async (request) => {
      await unlikeTrack(db, userOf(request).id, request.params.id);
      return { liked: false };
    },
  );

  app.get(
    '/api/user/likes',
    {
      schema: {
        summary: 'Your liked tracks, newest like first',
        description:
          'One page (100 unless `limit` says) and the cursor of the next. Only tracks you may still listen to: one made private or unshared since is left out.',
        tags,
        querystring: likesQuerySchema,
        response: { 200: likedTracksPageSchema },
      },
    },
    async (request) => likedTracksPage(db, userOf(request).id, request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/user/likes/ids',
    {
      schema: {
        summary: 'The ids of the tracks you like (the hearts of every list)',
        tags,
        response: { 200: likedTrackIdsSchema },
      },
    },
    async (request) => ({ trackIds: await likedTrackIds(db, userOf(request).id) }),
  );
}

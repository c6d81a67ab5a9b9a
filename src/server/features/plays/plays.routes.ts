import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECENT_PLAYS_MAX, recentPlaysSchema, trackPlayCountsSchema } from '../../../shared/schemas/plays';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { findListenableTrack } from '../tracks/tracks.service';
import { recentPlays, recordPlay, trackPlayCounts, WEB_CLIENT } from './plays.service';

const trackParams = z.object({ id: idParam() });
const tags = ['plays'];

/** The web app's listening data (issue 26, decision 0395). Signed in only; the `any` rate limit. */
export async function playsRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/api/tracks/:id/plays',
    {
      schema: {
        summary: 'Count one listen of a track (the web player, once a listen counts)',
        description:
          'For a track the caller may listen to (404 otherwise). A play nearer than the track allows to ' +
          "another of the caller's plays of it is not counted (still 204): a listen cannot be shorter than the track.",
        tags,
        params: trackParams,
        response: { 204: z.null().describe('Counted, or too near the last play to count') },
      },
    },
    async (request, reply) => {
      const userId = userOf(request).id;
      const track = await findListenableTrack(db, request.params.id, userId);
      await recordPlay(db, { userId, track, client: WEB_CLIENT });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/user/recent',
    {
      schema: {
        summary: 'Recently played: your latest plays, each track once, newest first',
        description: `At most ${RECENT_PLAYS_MAX}; only tracks you may still listen to.`,
        tags,
        response: { 200: recentPlaysSchema },
      },
    },
    async (request) => recentPlays(db, userOf(request).id, RECENT_PLAYS_MAX),
  );

  app.get(
    '/api/tracks/:id/plays',
    {
      schema: {
        summary:
          "How often others played your track, and how many people in each collective it's shared into",
        description: "The track's owner only (404 for anyone else). Counts, never who.",
        tags,
        params: trackParams,
        response: { 200: trackPlayCountsSchema },
      },
    },
    async (request) => trackPlayCounts(db, request.params.id, userOf(request).id),
  );
}

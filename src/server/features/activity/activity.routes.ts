import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityPageSchema, activityQuerySchema } from '../../../shared/schemas/activity';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { collectiveActivity } from './activity.service';

/** GET /api/collectives/{id}/activity?before=…&limit=…: members only (404 otherwise, decision 0013). */
export async function activityRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.requireUser);
  app.get(
    '/api/collectives/:id/activity',
    {
      schema: {
        summary:
          "A collective's activity: shares, joins, comments and new track versions, newest first, a page at a time",
        tags: ['collectives'],
        params: z.object({ id: idParam() }),
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (request) => collectiveActivity(opts.db, request.params.id, userOf(request).id, request.query),
  );
}

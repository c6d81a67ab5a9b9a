import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultsSchema } from '../../../shared/schemas/search';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { search } from './search.service';

/** GET /api/search?q= (issue 13): signed in; the service scopes every group to what the caller may see. */
export async function searchRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/search',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Search what the caller may see, grouped by kind',
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => search(opts.db, userOf(request).id, request.query.q),
  );
}

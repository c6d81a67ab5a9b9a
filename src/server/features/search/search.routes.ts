import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SEARCH_GROUPS,
  searchItemSchemas,
  searchPageQuerySchema,
  searchPageSchema,
  searchQuerySchema,
  searchResultsSchema,
} from '../../../shared/schemas/search';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { search, searchGroup } from './search.service';

/**
 * GET /api/search?q= (issue 13): the dialog's best few of every group. GET /api/search/{group}
 * (issue 23): one group's results a page at a time, for "Show all". Signed in; the service scopes
 * every group to what the caller may see.
 */
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
  // One route per group, so each declares its own item shape in the OpenAPI document.
  for (const group of SEARCH_GROUPS) {
    app.get(
      `/api/search/${group}`,
      {
        preHandler: app.requireUser,
        schema: {
          summary: `Search the caller's ${group}, one page at a time, best first`,
          tags: ['search'],
          querystring: searchPageQuerySchema,
          response: { 200: searchPageSchema(searchItemSchemas[group]) },
        },
      },
      async (request) => {
        const { q, offset, limit } = request.query;
        return searchGroup(opts.db, userOf(request).id, group, q, { offset, limit });
      },
    );
  }
}

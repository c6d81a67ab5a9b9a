import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runAsRoute } from '../db/route-shares';

/**
 * Every request runs as work of its route (its pattern, e.g. `GET /api/tracks/:id`), so the
 * PostgreSQL pool can keep any one route from taking every connection (db/route-shares.ts). First of
 * the onRequest hooks, so the session's own read counts too. A request that matched no route
 * counts as one route of its own.
 */
export const routeSharesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    runAsRoute(`${request.method} ${request.routeOptions.url ?? '(no route)'}`, done);
  });
});

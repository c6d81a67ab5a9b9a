import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nextRequestOrder, runAsRoute } from '../db/route-shares';
import { routeTurns } from '../db/route-turns';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A probe of the instance (health, metrics): answered ahead of the requests waiting for a turn. */
    probe?: boolean;
  }
}

/**
 * Every request runs as work of its route (its pattern, e.g. `GET /api/tracks/:id`), so the
 * PostgreSQL pool can keep any one route from taking every connection (db/route-shares.ts), and
 * the event loop can run a few units of request work a pass, round robin across routes
 * (db/route-turns.ts). First of the onRequest hooks, so the session's own read counts too. A
 * request that matched no route counts as one route of its own.
 */
export const routeSharesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    const probe = request.routeOptions.config?.probe === true;
    const order = nextRequestOrder();
    routeTurns.run(probe ? undefined : route, () => runAsRoute(route, done, probe, order), order);
  });
});

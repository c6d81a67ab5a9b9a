import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** Liveness plus a database round trip, for load balancers and the test harness. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.get('/api/health', { config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await opts.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/**
 * For load balancers and the test harness: 200 while a query runs, 503 while the database cannot
 * be reached (the process itself stays up and recovers when the database is back).
 */
export async function healthRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.get('/api/health', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await opts.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch (err) {
      request.log.warn({ err }, 'Health check: database unreachable');
      return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable', database: 'down' });
    }
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, QueueConnection } from '../../db/client';
import { databaseProbe } from './database-probe';

const upSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
const downSchema = z.object({ status: z.literal('unavailable'), database: z.literal('down') });

/**
 * For load balancers and the test harness: 200 while a query runs, 503 while the database cannot
 * be reached (the process itself stays up and recovers when the database is back).
 */
export async function healthRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; connection?: QueueConnection },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const probe = databaseProbe(opts.db, opts.connection);
  app.addHook('onClose', async () => probe.close());
  app.get(
    '/api/health',
    {
      config: { rateLimit: false, probe: true },
      schema: {
        summary: 'Is this instance able to serve?',
        description:
          '200 while the database answers a query; 503 (with Retry-After) while it cannot be reached.',
        tags: ['health'],
        response: { 200: upSchema, 503: downSchema },
      },
    },
    async (request, reply) => {
      if (await probe.up()) return { status: 'ok' as const, database: 'up' as const };
      request.log.warn('Health check: database unreachable');
      return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable', database: 'down' });
    },
  );
}

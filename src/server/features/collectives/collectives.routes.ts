import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { getCollectiveForMember, listCollectivesForUser, listMembers } from './collectives.service';

const collectiveParams = z.object({ id: z.coerce.number().int().positive() });

export async function collectivesRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get('/api/collectives', async (request) => listCollectivesForUser(db, userOf(request).id));

  app.get('/api/collectives/:id', { schema: { params: collectiveParams } }, async (request) =>
    getCollectiveForMember(db, request.params.id, userOf(request).id),
  );

  app.get('/api/collectives/:id/members', { schema: { params: collectiveParams } }, async (request) =>
    listMembers(db, request.params.id, userOf(request).id),
  );
}

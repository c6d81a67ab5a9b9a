import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedPersonSchema, blockParamsSchema } from '../../../shared/schemas/moderation';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { blockPerson, listBlocks, unblockPerson } from './blocks.service';

const tags = ['users'];

/** Blocking (issue 28, decision 0450): signed in, demo accounts included; CSRF as every mutation. */
export async function blocksRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.put(
    '/api/users/:username/block',
    {
      schema: {
        summary: 'Block a person',
        description:
          'Named by username (ignoring case) or user id. They can no longer mention you, comment on your ' +
          'tracks or playlists, use your invite links, or see your public profile while signed in; the ' +
          'same holds from you to them for comments, mentions and invite links. Blocking twice is fine.',
        tags,
        params: blockParamsSchema,
        response: { 204: z.null().describe('Blocked') },
      },
    },
    async (request, reply) => {
      await blockPerson(db, userOf(request).id, request.params.username);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/:username/block',
    {
      schema: {
        summary: 'Unblock a person',
        description: 'Unblocking someone you had not blocked is fine.',
        tags,
        params: blockParamsSchema,
        response: { 204: z.null().describe('Unblocked') },
      },
    },
    async (request, reply) => {
      await unblockPerson(db, userOf(request).id, request.params.username);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/user/blocks',
    {
      schema: {
        summary: 'The people you have blocked, most recent first',
        tags,
        response: { 200: z.array(blockedPersonSchema) },
      },
    },
    async (request) => listBlocks(db, userOf(request).id),
  );
}

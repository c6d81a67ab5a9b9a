import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '../../../shared/schemas/api-keys';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import type { CredentialCrypto } from './credential-crypto';

const tags = ['users'];

/**
 * The owner's side of OpenSubsonic credentials (issue 26, decision 0385): a session and, for
 * changes, the CSRF header, as every other /api/user route. Demo accounts may make them too.
 */
export async function apiKeysRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; crypto: CredentialCrypto },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, crypto } = opts;

  app.post(
    '/api/user/api-keys',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Make an API key or app password for a Subsonic app',
        description:
          '`{ name }` makes an API key (OpenSubsonic `apiKey`); `kind: "app-password"` makes a password for apps that send `u` with `t`+`s` or `p`. `key` is shown in this reply only. 409 past 50.',
        tags,
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(db, crypto, userOf(request).id, request.body)),
  );

  app.get(
    '/api/user/api-keys',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Your API keys and app passwords, newest first (no secrets)',
        tags,
        response: { 200: z.array(apiKeySchema) },
      },
    },
    async (request) => listApiKeys(db, userOf(request).id),
  );

  app.delete(
    '/api/user/api-keys/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Revoke one of your API keys or app passwords',
        description: "Apps using it are refused from then on. Someone else's, or none, is a 404.",
        tags,
        params: z.object({ id: idParam() }),
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

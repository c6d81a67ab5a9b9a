import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountBodySchema } from '../../../shared/schemas/account';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { signOut } from '../auth/auth.service';
import { deleteOwnAccount } from './account-deletion.service';

const tags = ['users'];

/** Leaving (issue 27, decision 0420). Signed-in only, CSRF as on every /api change. */
export async function accountRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.delete(
    '/api/user',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Delete your account',
        description:
          'Confirmed by `confirm`: your username (any case) or "delete"; anything else is refused (400). Your tracks with their files, versions and images, playlists, likes, plays, share links, API keys, comments and notifications go; collectives you own pass to their longest-standing admin, else their longest-standing member, else are deleted with their content. Every session ends, on every device; the reply clears the cookie. Files are removed in the background right after.',
        tags,
        body: deleteAccountBodySchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      await deleteOwnAccount(db, me, request.body.confirm);
      // The row is gone already; this forgets the session and clears the cookie.
      await signOut(request, reply);
      await app.kickBlobDeletions();
      return reply.code(204).send(null);
    },
  );
}

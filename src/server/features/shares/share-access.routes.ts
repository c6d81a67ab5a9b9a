import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import {
  passwordRequiredSchema,
  shareUnlockLockedMessage,
  unlockShareBodySchema,
} from '../../../shared/schemas/share-passwords';
import { shareLinkSchema, updateShareBodySchema } from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import type { LinkCookies } from './link-cookies';
import { checkSharePassword, updateShare } from './share-access.service';
import { findLinkByToken } from './shares.service';

export interface ShareAccessRoutesOptions {
  db: Database;
  publicUrl: string;
  cookies: LinkCookies;
}

const tags = ['shares'];

/**
 * A link's password and the owner's changes after making it (issue 45, decisions 0702-0704): the
 * signed-out page unlocks a password link; the owner edits recipient, description, password,
 * commenting and expiry.
 */
export async function shareAccessRoutes(fastify: FastifyInstance, opts: ShareAccessRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, publicUrl, cookies } = opts;

  app.patch(
    '/api/shares/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Change one of your share links',
        description:
          "Only the fields sent change. `password`: a string sets a new one, null removes it; either ends every browser's earlier unlock. `commentsClosed` is a review link's only (400 otherwise). `expiresAt` must lie in the future (null: never). Someone else's link, or none, is a 404.",
        tags,
        params: z.object({ id: idParam() }),
        body: updateShareBodySchema,
        response: { 200: shareLinkSchema },
      },
    },
    async (request) => updateShare(db, userOf(request).id, request.params.id, request.body, publicUrl),
  );

  app.post(
    '/api/shares/by-token/:token/unlock',
    {
      config: routeRateLimit('shareLink'),
      schema: {
        summary: 'Unlock a password link in this browser',
        description:
          'The right password sets a cookie scoped to the link, with which its reads answer; a wrong one is a 401 `{ passwordRequired: true }`. After 5 wrong tries from one address in a minute even the right one is a 429 (Retry-After) until the minute ends; other addresses and other links keep their own count. A link without a password answers 200. 404 unknown or revoked, 410 expired.',
        tags,
        params: z.object({ token: z.string() }),
        body: unlockShareBodySchema,
        response: { 200: successSchema, 401: passwordRequiredSchema },
      },
    },
    async (request, reply) => {
      const link = await findLinkByToken(db, request.params.token);
      const subject = String(link.id);
      const wait = await app.failedUnlocks.lockedFor(request, subject);
      if (wait !== undefined) {
        throw new HttpError(429, shareUnlockLockedMessage(wait), { 'Retry-After': String(wait) });
      }
      try {
        await checkSharePassword(link, request.body.password);
      } catch (err) {
        await app.failedUnlocks.record(request, subject);
        throw err;
      }
      cookies.setUnlocked(reply, link);
      return { success: true as const };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import {
  listenHeatSchema,
  listenReportSchema,
  shareListensSchema,
} from '../../../shared/schemas/share-listens';
import { passwordRequiredSchema } from '../../../shared/schemas/share-passwords';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { RATE_LIMITS } from '../../plugins/rate-limits';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { findListenTarget, recordListen, shareListensOf, trackListenHeat } from './share-listens.service';

export interface ShareListensRoutesOptions {
  db: Database;
  cookies: LinkCookies;
}

const tags = ['shares'];

/** Reports are counted per link and address (decision 0728): a player sends about 15 a minute. */
const perLinkAndAddress = (request: FastifyRequest) =>
  `share-listens:${(request.params as { token?: string }).token ?? ''}:${request.ip}`;

/** Listening insight (issue 45, decisions 0720-0728): the player's reports and the owner's figures. */
export async function shareListensRoutes(fastify: FastifyInstance, opts: ShareListensRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, cookies } = opts;

  app.post(
    '/api/shares/by-token/:token/listens',
    {
      config: {
        // The embed plays in a third-party frame where no session cookie, so no CSRF token, comes;
        // a report touches no account and does nothing the token's holder cannot (decision 0728).
        csrfExempt: true,
        rateLimit: { ...RATE_LIMITS.shareListen, keyGenerator: perLinkAndAddress },
      },
      schema: {
        summary: 'Report a span the share-link player played (no sign-in)',
        description:
          "Merged into what this anonymous listener heard of the track. `trackId` names a playlist link's track; a track link's defaults to its track. A span past the track's end (+1 s) or longer than the time since the listener's previous report allows is ignored (still 204). 404 for an unknown or revoked link, 410 once expired, 401 `{ passwordRequired }` before a protected link is unlocked.",
        tags,
        params: z.object({ token: z.string() }),
        body: listenReportSchema,
        response: { 204: z.null().describe('Taken (or ignored)'), 401: passwordRequiredSchema },
      },
    },
    async (request, reply) => {
      const target = await findListenTarget(db, request.params.token, request.body.trackId);
      requireUnlocked(cookies, request, target.link);
      await recordListen(db, target, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/shares/:id/listens',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Who heard how far through one of your share links',
        description:
          "Per listener (anonymous per browser; `recipient` is the link's label): plays, furthest position, fraction heard, downloads. `histogram`: 100 buckets, how many listeners heard each (a playlist's tracks end to end); `tracks`: the same per track. Someone else's link is a 404.",
        tags,
        params: z.object({ id: idParam() }),
        response: { 200: shareListensSchema },
      },
    },
    async (request) => shareListensOf(db, userOf(request).id, request.params.id),
  );

  app.get(
    '/api/tracks/:id/listen-heat',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'How many listeners heard each part of your track, through all its share links',
        description: "100 buckets. Someone else's track is a 404.",
        tags: ['shares', 'tracks'],
        params: z.object({ id: idParam() }),
        response: { 200: listenHeatSchema },
      },
    },
    async (request) => trackListenHeat(db, userOf(request).id, request.params.id),
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  securityEventSchema,
  signedOutOthersSchema,
  userSessionSchema,
} from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { schedulePeriodicTask } from '../../jobs/periodic-task';
import { userOf } from '../../plugins/auth-guard';
import { signOut } from '../auth/auth.service';
import { deviceOf } from './device';
import { listSecurityEvents, pruneSecurityEvents } from './security-events.service';
import { listSessions, revokeSession, signOutOtherSessions } from './sessions.service';

const tags = ['users'];
const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** This request's session, and the device it comes from now (who ended a session, in the log). */
const currentOf = (request: FastifyRequest) => ({
  sid: request.session.sessionId,
  device: deviceOf(request),
});

/**
 * Where the person is signed in, ending sessions, and their security log (issue 27, decision
 * 0410). Signed-in only, CSRF on the changes as on every /api route.
 */
export async function sessionsRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; pruneIntervalMs?: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/user/sessions',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Where you are signed in',
        description:
          'Each session: browser and system (from its user agent), the network it signed in from (IPv4 /24, IPv6 /48), when, when last used (recorded at most hourly), and whether it is this one. This device first, then the most recently used.',
        tags,
        response: { 200: z.array(userSessionSchema) },
      },
    },
    async (request) => listSessions(db, userOf(request).id, request.session.sessionId),
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Sign out one of your sessions',
        description:
          "Its cookie is refused from the next request, on every instance, and its live event streams end. This device's own id signs it out (the reply clears the cookie). Someone else's, or none: 404.",
        tags,
        params: z.object({ id: z.uuid('Not a session id') }),
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      const { own } = await revokeSession(db, userOf(request).id, request.params.id, currentOf(request));
      if (own) await signOut(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/user/sessions/sign-out-others',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Sign out everywhere else',
        description: 'Every session of yours but this one ends. `signedOut`: how many.',
        tags,
        response: { 200: signedOutOthersSchema },
      },
    },
    async (request) => ({
      signedOut: await signOutOtherSessions(db, userOf(request).id, currentOf(request)),
    }),
  );

  app.get(
    '/api/user/security-events',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Your security activity',
        description:
          'Sign-ins, sessions ended, API keys made and revoked, exports: the newest 50 of the last 90 days, newest first.',
        tags,
        response: { 200: z.array(securityEventSchema) },
      },
    },
    async (request) => listSecurityEvents(db, userOf(request).id),
  );

  // Kept 90 days; once per period across instances (decision 0099).
  schedulePeriodicTask(app, db, {
    name: 'prune-security-events',
    intervalMs: opts.pruneIntervalMs ?? PRUNE_INTERVAL_MS,
    run: () => pruneSecurityEvents(db),
    failure: 'Pruning old security events failed',
  });
}

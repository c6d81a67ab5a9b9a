import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_PROBE_HEADER } from '../../../shared/constants';
import {
  SIGNUP_CLOSED_MESSAGE,
  SIGNUP_INVITE_ONLY_MESSAGE,
  type SignupMode,
  SUSPENDED_MESSAGE,
} from '../../../shared/schemas/admin';
import {
  authConfigSchema,
  authUserSchema,
  csrfTokenSchema,
  manualSessionBodySchema,
} from '../../../shared/schemas/auth';
import { successSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import { inviteLetsIn } from '../invites/invites.service';
import { findUserById, toAuthUser } from '../users/users.service';
import { safeInviteCode, signIn, signOut } from './auth.service';
import { SignUpRefused, userFromSignIn } from './identity.service';
import { messagePage } from './message-page';
import { type OidcClient, SignInRefused } from './oidc-client';
import {
  bindSignInToBrowser,
  clearSignInBinding,
  consumeHandoff,
  createHandoff,
  signInBindingOf,
} from './sign-in-handoff';

export interface AuthRoutesOptions {
  db: Database;
  oidc: OidcClient | undefined;
  publicUrl: string;
  /** DEMO_ENABLED: the demo-session route itself lives in features/demo. */
  demoEnabled: boolean;
  /** SIGNUP (decision 0445): who may make an account by signing in. */
  signup: SignupMode;
}

const CALLBACK_PATH = '/api/auth/callback';

const authRateLimit = routeRateLimit('signIn');
const tags = ['auth'];

/** The two browser navigations of the Google sign-in answer a redirect, or a page saying what failed. */
const redirect = z.undefined().describe('A redirect (Location header)');
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
/**
 * Read leniently: the sign-in start must never fail on a stray query. Anything that is not a plain
 * invite code is dropped by safeInviteCode.
 */
const signInQuery = z.object({ pendingInvite: z.string().optional().catch(undefined) });
/** What the provider sends back; checked by openid-client from the URL itself, not from these. */
const callbackQuery = z.looseObject({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  iss: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, oidc, publicUrl, demoEnabled, signup } = opts;

  app.get(
    '/api/auth/csrf-token',
    {
      schema: {
        summary: 'Get the CSRF token of this session',
        description: 'Every POST, PUT, PATCH and DELETE sends it back in the x-csrf-token header.',
        tags,
        response: { 200: csrfTokenSchema },
      },
    },
    async (_request, reply) => ({
      csrfToken: reply.generateCsrf(),
    }),
  );

  app.get(
    '/api/auth/config',
    {
      schema: {
        summary: 'Which ways of signing in this server offers',
        tags,
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ googleEnabled: oidc !== undefined, demoEnabled }),
  );

  app.get(
    '/api/auth/user',
    {
      schema: {
        summary: 'The signed-in user',
        description: `401 when signed out: the client asks this first to learn whether anyone is signed in. With the header \`${AUTH_PROBE_HEADER}: 1\` (the client's first probe) a signed-out visitor gets 204 instead, which browsers do not log as an error (decision 0370).`,
        tags,
        response: { 200: authUserSchema, 204: z.null().describe('Signed out (probe only)') },
      },
    },
    async (request, reply) => {
      try {
        await app.requireUser(request);
      } catch (err) {
        const probe = request.headers[AUTH_PROBE_HEADER] === '1';
        if (probe && err instanceof HttpError && err.statusCode === 401) return reply.code(204).send(null);
        throw err;
      }
      return toAuthUser(userOf(request), await app.instanceAdmins.roster());
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { summary: 'Sign out', tags, response: { 200: successSchema } } },
    async (request, reply) => {
      await signOut(request, reply);
      return { success: true as const };
    },
  );

  // Decision 0004: finishes a sign-in whose cookie did not survive the provider's redirect.
  app.post(
    '/api/auth/manual-session',
    {
      config: authRateLimit,
      schema: {
        summary: 'Finish a sign-in whose cookie was lost on the way back from Google',
        description: 'Takes the one-time hand-off token the callback put in the landing URL (decision 0004).',
        tags,
        body: manualSessionBodySchema.optional(),
        response: { 200: authUserSchema },
      },
    },
    async (request, reply) => {
      const current = request.session.userId ? await findUserById(db, request.session.userId) : undefined;
      const handoff = request.body?.handoff;
      const handoffUserId = handoff ? await consumeHandoff(db, handoff, signInBindingOf(request)) : undefined;
      if (current) return toAuthUser(current, await app.instanceAdmins.roster());
      const user = handoffUserId ? await findUserById(db, handoffUserId) : undefined;
      if (!user) throw new HttpError(401, 'There is no sign-in to finish; please sign in again');
      // Suspended between the callback and this hand-off (decision 0445).
      if (user.suspendedAt) throw new HttpError(403, SUSPENDED_MESSAGE);
      await signIn(db, request, user.id, 'google');
      clearSignInBinding(reply);
      return toAuthUser(user, await app.instanceAdmins.roster());
    },
  );

  app.get(
    '/api/supabase/auth',
    {
      config: authRateLimit,
      schema: {
        summary: 'Start signing in with Google (a browser navigation)',
        tags,
        querystring: signInQuery,
        response: {
          302: redirect,
          503: htmlPage('Google sign-in is not configured, or the provider cannot be reached'),
        },
      },
    },
    async (request, reply) => {
      if (!oidc) {
        return reply
          .code(503)
          .type('text/html')
          .send(
            messagePage(
              'Google sign-in is not configured',
              `This server has no Google sign-in client configured.${demoEnabled ? ' You can still try Journal as the demo user.' : ''}`,
            ),
          );
      }
      const query = request.query;
      let started: Awaited<ReturnType<OidcClient['startAuthorization']>>;
      try {
        started = await oidc.startAuthorization(publicUrl + CALLBACK_PATH);
      } catch (err) {
        request.log.error({ err }, 'OpenID Connect discovery failed');
        return reply
          .code(503)
          .type('text/html')
          .send(
            messagePage(
              'Sign-in is unavailable',
              'Google could not be reached. Please try again in a moment.',
            ),
          );
      }
      const { url, ...transaction } = started;
      request.session.oidc = { ...transaction, pendingInvite: safeInviteCode(query.pendingInvite) };
      bindSignInToBrowser(reply, publicUrl.startsWith('https://'));
      return reply.redirect(url);
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      // A sign-in rewrites the person's row (email, whether it is verified: admin rights, decision
      // 0530): the sessions this instance has cached are read again at once, without waiting for the
      // bus's session-ended message that other instances drop theirs on (decision 0240).
      config: { ...authRateLimit, changesData: () => true },
      schema: {
        summary: "Google's redirect back after sign-in (a browser navigation)",
        tags,
        querystring: callbackQuery,
        response: {
          302: redirect,
          400: htmlPage('The sign-in could not be finished'),
          403: htmlPage('The account is suspended, or this server takes no new accounts this way'),
        },
      },
    },
    async (request, reply) => {
      const transaction = request.session.oidc;
      const refuse = (message: string) =>
        reply.code(400).type('text/html').send(messagePage('Sign-in failed', message));
      if (!oidc) return refuse('Google sign-in is not configured on this server.');
      if (!transaction) {
        return refuse(
          'This sign-in link does not belong to a sign-in started in this browser. Please sign in again.',
        );
      }
      // One attempt per transaction: a replayed callback finds nothing to finish.
      request.session.oidc = undefined;
      let claims: Awaited<ReturnType<OidcClient['finishAuthorization']>>;
      try {
        claims = await oidc.finishAuthorization(new URL(request.url, publicUrl), transaction);
      } catch (err) {
        if (!(err instanceof SignInRefused)) throw err;
        request.log.warn({ err }, 'OpenID Connect callback refused');
        return refuse(
          'The answer from Google did not match this sign-in attempt, so it was refused. Please sign in again.',
        );
      }
      const signupAllowed = async () =>
        signup === 'open' ||
        (signup === 'invite' &&
          transaction.pendingInvite !== undefined &&
          (await inviteLetsIn(db, transaction.pendingInvite)));
      let user: Awaited<ReturnType<typeof userFromSignIn>>;
      try {
        user = await userFromSignIn(db, claims, signupAllowed);
      } catch (err) {
        if (!(err instanceof SignUpRefused)) throw err;
        const message = signup === 'closed' ? SIGNUP_CLOSED_MESSAGE : SIGNUP_INVITE_ONLY_MESSAGE;
        return reply.code(403).type('text/html').send(messagePage('No new accounts', message));
      }
      if (user.suspendedAt) {
        return reply
          .code(403)
          .type('text/html')
          .send(
            messagePage(SUSPENDED_MESSAGE, `${SUSPENDED_MESSAGE}. Contact the people who run this Journal.`),
          );
      }
      await signIn(db, request, user.id, 'google');
      const landing = transaction.pendingInvite ? `/join/${transaction.pendingInvite}` : '/';
      // The hand-off is only for the browser that started this sign-in (it holds the binding).
      const binding = signInBindingOf(request);
      const handoff = binding ? `&handoff=${await createHandoff(db, user.id, binding)}` : '';
      return reply.redirect(`${landing}?auth=success${handoff}`);
    },
  );
}

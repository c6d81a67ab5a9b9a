import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authConfigSchema,
  authUserSchema,
  csrfTokenSchema,
  manualSessionBodySchema,
} from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import { findUserById, toAuthUser } from '../users/users.service';
import { safeInviteCode, signIn, signOut } from './auth.service';
import { userFromSignIn } from './identity.service';
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
}

const CALLBACK_PATH = '/api/auth/callback';
const authRateLimit = routeRateLimit('signIn');

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, oidc, publicUrl, demoEnabled } = opts;

  app.get(
    '/api/auth/csrf-token',
    { schema: { response: { 200: csrfTokenSchema } } },
    async (_request, reply) => ({
      csrfToken: reply.generateCsrf(),
    }),
  );

  app.get('/api/auth/config', { schema: { response: { 200: authConfigSchema } } }, async () => ({
    googleEnabled: oidc !== undefined,
    demoEnabled,
  }));

  app.get(
    '/api/auth/user',
    { preHandler: app.requireUser, schema: { response: { 200: authUserSchema } } },
    async (request) => toAuthUser(userOf(request)),
  );

  app.post('/api/auth/logout', async (request, reply) => {
    await signOut(request, reply);
    return { success: true };
  });

  // Decision 0004: finishes a sign-in whose cookie did not survive the provider's redirect.
  app.post(
    '/api/auth/manual-session',
    { config: authRateLimit, schema: { body: manualSessionBodySchema.optional() } },
    async (request, reply) => {
      const current = request.session.userId ? await findUserById(db, request.session.userId) : undefined;
      const handoff = request.body?.handoff;
      const handoffUserId = handoff ? await consumeHandoff(db, handoff, signInBindingOf(request)) : undefined;
      if (current) return toAuthUser(current);
      const user = handoffUserId ? await findUserById(db, handoffUserId) : undefined;
      if (!user) throw new HttpError(401, 'There is no sign-in to finish; please sign in again');
      await signIn(request, user.id);
      clearSignInBinding(reply);
      return toAuthUser(user);
    },
  );

  app.get('/api/supabase/auth', { config: authRateLimit }, async (request, reply) => {
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
    const query = request.query as Record<string, unknown>;
    let started: Awaited<ReturnType<OidcClient['startAuthorization']>>;
    try {
      started = await oidc.startAuthorization(publicUrl + CALLBACK_PATH);
    } catch (err) {
      request.log.error({ err }, 'OpenID Connect discovery failed');
      return reply
        .code(503)
        .type('text/html')
        .send(
          messagePage('Sign-in is unavailable', 'Google could not be reached. Please try again in a moment.'),
        );
    }
    const { url, ...transaction } = started;
    request.session.oidc = { ...transaction, pendingInvite: safeInviteCode(query.pendingInvite) };
    bindSignInToBrowser(reply, publicUrl.startsWith('https://'));
    return reply.redirect(url);
  });

  app.get(CALLBACK_PATH, { config: authRateLimit }, async (request, reply) => {
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
    const user = await userFromSignIn(db, claims);
    await signIn(request, user.id);
    const landing = transaction.pendingInvite ? `/join/${transaction.pendingInvite}` : '/';
    // The hand-off is only for the browser that started this sign-in (it holds the binding).
    const binding = signInBindingOf(request);
    const handoff = binding ? `&handoff=${await createHandoff(db, user.id, binding)}` : '';
    return reply.redirect(`${landing}?auth=success${handoff}`);
  });
}

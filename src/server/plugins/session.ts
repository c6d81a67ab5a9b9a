import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Device } from '../../shared/schemas/sessions';
import type { Database } from '../db/client';
import { schedulePeriodicTask } from '../jobs/periodic-task';
import { type AccessCache, SAFE_METHODS } from './access-cache';
import { SESSION_MAX_AGE_MS, shouldTouch } from './session-lifetime';
import { MemoSigner } from './session-signer';
import {
  DrizzleSessionStore,
  type LoadedSession,
  type LoadedUser,
  pruneExpiredSessions,
} from './session-store';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Epoch ms of sign-in and of the last use (written at most hourly): see session-lifetime.ts. */
    signedInAt?: number;
    lastSeenAt?: number;
    /** Browser, system and network at sign-in, for the sessions list (decision 0410). */
    device?: Device;
    /** The OpenID Connect transaction between /api/supabase/auth and its callback. */
    oidc?: { state: string; nonce: string; codeVerifier: string; pendingInvite?: string };
    /** The user row read with the session (never stored; see LoadedUser). */
    loadedUser?: LoadedUser;
  }
  interface FastifyContextConfig {
    /**
     * No CSRF token on this route. Only for routes that never use the session: each request
     * authenticates with a secret of its own, which a cross-site form cannot know (the Subsonic
     * API's /rest, decision 0385). csrf.test.ts lists which routes may set it.
     */
    csrfExempt?: true;
  }
}

export interface SessionPluginOptions {
  db: Database;
  /** The first signs session cookies; the others (older secrets) still verify (decision 0097). */
  secrets: readonly string[];
  secureCookies: boolean;
  /** How often expired rows are deleted; 0 turns the timer off (tests prune by hand). */
  pruneIntervalMs?: number;
  /** Loaded sessions reused for a few seconds (decision 0066); omitted: every request reads its row. */
  cache?: AccessCache<LoadedSession>;
}

export const SESSION_COOKIE = 'journal.sid';

/**
 * Sessions in the `sessions` table plus CSRF protection of every mutating /api call.
 * The CSRF secret lives in the session; the token travels in the x-csrf-token header only
 * (never a body field or query string), as the client in spec section 7 sends it.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionPluginOptions) => {
  await app.register(fastifyCookie);
  const signer = new MemoSigner(opts.secrets);
  await app.register(fastifySession, {
    secret: signer,
    cookieName: SESSION_COOKIE,
    store: new DrizzleSessionStore(opts.db, opts.cache),
    // No row for anonymous visitors until something (a CSRF token, a sign-in) is stored.
    saveUninitialized: false,
    // Not rolling: a session row is written when it changes, not on every request.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
      path: '/',
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/session',
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      return Array.isArray(header) ? header[0] : header;
    },
  });

  // Idle timeout: a signed-in request moves the session's end forward (the row is rewritten at most
  // hourly, not on every request).
  // A cookie signed by an older secret of SESSION_SECRET's list is taken, and the session marked
  // changed so the reply carries it signed by the current one: @fastify/session would otherwise
  // clear a cookie whose signature differs from the one it makes, signing the visitor out.
  const signedWithOlderSecret = (cookie: string | undefined) =>
    cookie !== undefined && signer.unsign(cookie).renew;
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session) return;
    forgetCookieOfUnknownSession(request, signer);
    const renew = opts.secrets.length > 1 && signedWithOlderSecret(request.cookies[SESSION_COOKIE]);
    if (renew || (session.userId && shouldTouch(session.lastSeenAt))) session.lastSeenAt = Date.now();
  });

  // Every unsafe request, whatever the spelling of its path: the router decodes %61pi, so a check on
  // the raw URL's prefix would let `POST /%61pi/playlists` through (issue 9). No path is exempt; a
  // route is, by its config (the route the router matched, not the URL's spelling).
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrfExempt === true) {
      done();
      return;
    }
    app.csrfProtection(request, reply, done);
  });

  // Once per period across instances (decision 0099).
  schedulePeriodicTask(app, opts.db, {
    name: 'prune-sessions',
    intervalMs: opts.pruneIntervalMs ?? 15 * 60 * 1000,
    run: () => pruneExpiredSessions(opts.db),
    failure: 'Pruning expired sessions failed',
  });
});

/**
 * @fastify/session clears the cookie of a request whose session it could not find. That session
 * may have been replaced while the request was in flight: a sign-in rotates the id, and the page's
 * polling or event stream sent before it lands after it; clearing the cookie then would drop the
 * new session in the browser and sign the person out. So such a request is treated as one that
 * came without a cookie: its reply sets one only if it starts a session of its own (as any
 * cookieless request does), and a dead cookie is simply left to be replaced or to expire. Sign-out
 * still clears it explicitly (auth.service).
 */
function forgetCookieOfUnknownSession(request: FastifyRequest, signer: MemoSigner) {
  const sent = request.cookies[SESSION_COOKIE];
  if (sent === undefined) return;
  const unsigned = signer.unsign(sent);
  if (unsigned.valid && unsigned.value === request.session.sessionId) return;
  delete request.cookies[SESSION_COOKIE];
}

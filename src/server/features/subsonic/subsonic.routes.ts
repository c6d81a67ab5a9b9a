import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { AccessCache } from '../../plugins/access-cache';
import { HttpError } from '../../plugins/errors';
import type { UserActionLimit } from '../../plugins/rate-limits';
import type { CredentialCrypto } from '../api-keys/api-keys.service';
import type { SyncAnchors } from './listed-song-ids';
import { asksForLongList, CALLER_LEFT, longReplies } from './long-replies';
import { mediaMethods, type SubsonicMediaDeps } from './media-methods';
import { isWrite } from './method-writes';
import { withStars } from './stars.service';
import { authenticate, type SubsonicCaller, SubsonicLockout } from './subsonic-auth';
import { SUBSONIC_METHODS } from './subsonic-methods';
import { SubsonicParams } from './subsonic-params';
import {
  isJsonpCallback,
  missingParameter,
  renderSubsonic,
  renderSubsonicInTurns,
  type SubsonicBody,
  SubsonicCode,
  SubsonicError,
  type SubsonicFormat,
  type SubsonicNode,
} from './subsonic-response';

/**
 * Any origin may read /rest replies: they are answered for the secret a request carries, never for
 * cookies, so a page elsewhere learns nothing it did not already hold (no credentials allowed).
 */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': 'Content-Type',
};

export interface SubsonicRoutesOptions {
  db: Database;
  crypto: CredentialCrypto;
  media: SubsonicMediaDeps;
  /** API keys' callers, kept as sessions are (decision 0400); absent: asked every time. */
  callers?: AccessCache<SubsonicCaller>;
  /** Where search3 syncs were in people's own tracks (decision 0910); absent: none kept. */
  syncAnchors?: SyncAnchors;
}

/**
 * The methods a player calls by the hundred while seeking: routes of their own, so the rate limits
 * count them as the web app's media routes (MEDIA_ROUTES in plugins/rate-limits.ts), not as `any`.
 */
export const SUBSONIC_MEDIA_URLS = [
  '/rest/stream',
  '/rest/stream.view',
  '/rest/download',
  '/rest/download.view',
];

/**
 * The reply's form from `f`: XML unless `json` or `jsonp` (with its `callback`). A bad or missing
 * callback is answered in JSON, since nothing safe can be wrapped around it.
 */
function formatOf(params: SubsonicParams): { format: SubsonicFormat; formatError?: SubsonicError } {
  const f = params.get('f');
  if (f === 'json') return { format: 'json' };
  if (f !== 'jsonp') return { format: 'xml' };
  const callback = params.get('callback');
  if (callback === undefined) return { format: 'json', formatError: missingParameter('callback') };
  if (!isJsonpCallback(callback)) {
    return {
      format: 'json',
      formatError: new SubsonicError(SubsonicCode.generic, 'callback must be a JavaScript function name'),
    };
  }
  return { format: { jsonp: callback } };
}

/** `ping` for `/rest/ping`, `/rest/ping.view` and the media routes' `/rest/stream`… */
function methodName(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? '';
  const name = url.includes(':') ? (request.params as { method?: string }).method : url.slice(6);
  return (name ?? '').replace(/\.view$/, '');
}

/**
 * The OpenSubsonic API (issue 26, decision 0385): `/rest/{method}` and `/rest/{method}.view`, GET or
 * a form POST (formPost), XML unless `f=json`. Protocol errors are HTTP 200 with their code, as
 * clients expect. Not in the OpenAPI document: the Subsonic API is its own contract.
 */
export async function subsonicRoutes(app: FastifyInstance, opts: SubsonicRoutesOptions) {
  const { db, crypto } = opts;
  const media = mediaMethods(opts.media);

  // This plugin's routes only (encapsulated): the app itself takes no form bodies. Kept as text, read
  // by SubsonicParams with the query string.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  /** The web app's per-person limits (`create`…), over which a player gets the envelope (code 0). */
  async function limitAction(
    request: FastifyRequest,
    reply: FastifyReply,
    action: UserActionLimit,
    userId: string,
  ) {
    try {
      await app.limitUserAction(action, request, reply, userId);
    } catch (err) {
      // Retry-After is already on the reply.
      if (err instanceof HttpError && err.statusCode === 429)
        throw new SubsonicError(SubsonicCode.generic, err.message);
      throw err;
    }
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, params: SubsonicParams) {
    const attempts = {
      lockedFor: (subject: string) => app.failedAttempts.lockedFor(request, subject),
      record: (subject: string) => app.failedAttempts.record(request, subject),
    };
    try {
      return await authenticate(db, crypto, params, attempts, opts.callers);
    } catch (err) {
      if (err instanceof SubsonicLockout) reply.header('Retry-After', String(err.retryAfter));
      throw err;
    }
  }

  // Browser-based players (Feishin's web build, Airsonic Refix…) run on origins of their own; the
  // subsonic-api client's GET even sends a Content-Type, which makes the browser ask first.
  app.options('/rest/:method', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .headers({ ...CORS, 'Access-Control-Max-Age': '86400' })
      .send(),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = new SubsonicParams(request);
    const { format, formatError } = formatOf(params);
    const write = (status: number, { contentType, body }: SubsonicBody) =>
      reply
        .code(status)
        .type(contentType)
        .header('Cache-Control', 'no-store')
        .headers(CORS)
        // Encoded here in one pass: given the text, Node measured it and then encoded it again.
        .send(Buffer.from(body));
    const send = (status: number, payload: SubsonicNode | SubsonicError) =>
      write(status, renderSubsonic(format, payload));
    if (formatError) return send(200, formatError);
    const name = methodName(request);
    const method = SUBSONIC_METHODS.get(name);
    const mediaMethod = media.get(name);
    // HTTP 200 like every protocol error: some clients take a 404 for "not a Subsonic server".
    if (!method && !mediaMethod) {
      return send(200, new SubsonicError(SubsonicCode.generic, `Unknown method: ${name}`));
    }
    try {
      const caller: SubsonicCaller = await signIn(request, reply, params);
      const limit = (action: UserActionLimit) => limitAction(request, reply, action, caller.user.id);
      const origin = `${request.protocol}://${request.host}`;
      // What the caller starred is marked wherever it shows (decision 0390).
      if (!mediaMethod) {
        const make = async () => {
          const payload = await withStars(
            db,
            caller.user.id,
            await method!({ db, caller, params, origin, limit, syncAnchors: opts.syncAnchors }),
          );
          return renderSubsonicInTurns(format, payload);
        };
        if (!asksForLongList(params)) return write(200, await make());
        // A long list is made in line, one at a time; the reply is sent outside it (decision 0947).
        // A player that hung up while it waited is not made a page (decision 0948): 499, as nginx
        // logs a client that closed its request, for the log only.
        const made = await longReplies.run(make, () => !request.raw.socket?.destroyed);
        return made === CALLER_LEFT ? reply.code(499).send() : write(200, made);
      }
      reply.headers(CORS);
      return await mediaMethod({ db, caller, params, origin, limit, request, reply });
    } catch (err) {
      // Only before the first byte: after it, the connection is cut (Fastify logs the error).
      if (err instanceof SubsonicError && !reply.sent) return send(200, err);
      throw err;
    }
  };
  const route = {
    method: ['GET', 'POST'] as ['GET', 'POST'],
    // Every request carries its own secret and no session is ever used, so there is nothing for a
    // forged cross-site request to ride on; apps could not send the token anyway (session.ts).
    // Only the methods that write drop the access caches, whether GET or POST (method-writes.ts).
    config: {
      csrfExempt: true as const,
      changesData: (request: FastifyRequest) => isWrite(SUBSONIC_METHODS.get(methodName(request))),
    },
    schema: { hide: true },
    handler,
  };
  app.route({ ...route, url: '/rest/:method' });
  for (const url of SUBSONIC_MEDIA_URLS) app.route({ ...route, url });
}

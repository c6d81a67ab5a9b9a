import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_BYTES_BUDGET } from '../../shared/constants';
import type { Database } from '../db/client';
import { schedulePeriodicTask } from '../jobs/periodic-task';
import { HttpError } from './errors';
import { PostgresRateLimitStore, postgresRateLimitStore, pruneRateLimitHits } from './rate-limit-store';
import { memoryCounter, postgresCounter, redisCounter, UploadBytesBudget } from './upload-bytes-budget';

/**
 * What one caller may do per minute (decision 0010, amended by 0036). Signed-in calls are counted
 * per user, whatever address they come from; signed-out calls per client address, which is only
 * taken from X-Forwarded-For when TRUST_PROXY says the proxy in front is trusted.
 */
export const RATE_LIMITS = {
  /** Every route but media and hashed assets, per user or address (RATE_LIMIT_PER_MINUTE sets it). */
  any: { max: 1000, timeWindow: 60_000 },
  /**
   * Media streams, originals and waveforms, counted apart from `any` (decision 0059): a player
   * seeking through a long file makes hundreds of Range requests a minute.
   */
  media: { max: 20_000, timeWindow: 60_000 },
  /** Sign-in endpoints, per address (what a password-spraying or session-flooding script hits). */
  signIn: { max: 30, timeWindow: 60_000 },
  /** Invite lookups and joins, per user (guessing codes is the attack). */
  invite: { max: 60, timeWindow: 60_000 },
  /** Opening a share link by its token, per address, signed in or not (decision 0320). */
  shareLink: { max: 60, timeWindow: 60_000 },
  /** A share-link player's listen reports, per link and address (issue 45, decision 0728). */
  shareListen: { max: 120, timeWindow: 60_000 },
  /**
   * Audio and image uploads together, per user: an abuse guard twice what a folder drop of small
   * files reaches three at a time (issue 42 asks for 300 a minute). What bounds uploads is how many
   * at once (UPLOADS_AT_ONCE) and the bytes an hour (UPLOAD_BYTES_BUDGET), decision 0560.
   */
  upload: { max: 600, timeWindow: 60_000 },
  /** Comments on collective playlists and equipment together, per user. */
  comment: { max: 20, timeWindow: 60_000 },
  /** New playlists, collectives, equipment and invite links together, per user. */
  create: { max: 60, timeWindow: 60_000 },
  /**
   * Failed Subsonic password and token sign-ins per account, whichever of its login names and
   * addresses they came by (decision 0540; an unknown name counts as an account of its own): once
   * spent, even the right password is refused until the window ends. API keys never count.
   */
  subsonicAuth: { max: 20, timeWindow: 60_000 },
  /** The same failures per address, whatever names they tried: a higher budget, against spraying. */
  subsonicAuthAddress: { max: 100, timeWindow: 60_000 },
  /**
   * Wrong passwords of one share link from one address (issue 45, decision 0703): once spent, even
   * the right one is refused until the window ends. Another address, or another link, has its own.
   */
  shareUnlock: { max: 5, timeWindow: 60_000 },
} as const;

export type UserActionLimit = 'upload' | 'comment' | 'create';
/** Tests' limits; `uploadBytes` is the hourly bytes budget (UPLOAD_BYTES_BUDGET.maxBytes). */
export type RateLimitOverrides = Partial<Record<keyof typeof RATE_LIMITS | 'uploadBytes', number>>;

const WHAT: Record<UserActionLimit, string> = {
  upload: 'uploads',
  comment: 'comments',
  create: 'new items',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandlers bounding what one signed-in person does per minute, after requireUser. */
    userRateLimit: Record<UserActionLimit, preHandlerAsyncHookHandler>;
    /**
     * The same limits for a person a request names without a session (the Subsonic API's key,
     * decision 0405): one counter with the web app's, so /rest adds nothing to the allowance.
     */
    limitUserAction(
      name: UserActionLimit,
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
    ): Promise<void>;
    /**
     * One action of a person outside any request (the import job, issue 41), counted in the same
     * counter as the routes taking it, and for an upload its `bytes` in the bytes budget the routes
     * take from (decision 0560). Resolves with 0 when it was within the limits, else with the
     * milliseconds until the window ends (the action is not done; try again then).
     */
    takeUserAction(name: UserActionLimit, userId: string, bytes?: number): Promise<number>;
    /** Each person's upload bytes per hour, in the same store as the counters (decision 0560). */
    uploadBytes: UploadBytesBudget;
    /** Failed attempts at a secret, per subject (an account) and per address (decision 0540). */
    failedAttempts: FailedAttempts;
    /** Wrong passwords of a share link, per link (the subject) and address together (decision 0703). */
    failedUnlocks: FailedAttempts;
  }
}

export interface FailedAttempts {
  /**
   * Seconds until `subject` may be tried again from this request's address (its own budget, from
   * every address, or the address's, for every subject, is spent); undefined while it may.
   */
  lockedFor(request: FastifyRequest, subject: string): Promise<number | undefined>;
  /** Counts one failure against `subject` and against this request's address. */
  record(request: FastifyRequest, subject: string): Promise<void>;
}

/** The signed-in user when there is one, else the client address as Fastify's trustProxy resolves it. */
export function rateLimitKey(request: FastifyRequest): string {
  const userId = request.currentUser?.id ?? request.session?.userId;
  return userId ? `user:${userId}` : `ip:${request.ip}`;
}

/** Counted by client address even when signed in: for limits on what an address may start. */
export const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

/**
 * A limit as route config: `{ config: routeRateLimit('signIn') }`. Sign-in and share links are
 * counted per address (a guesser need not sign in, and may hold many accounts).
 */
export const routeRateLimit = (name: 'signIn' | 'invite' | 'shareLink') => ({
  rateLimit: { ...RATE_LIMITS[name], ...(name === 'invite' ? {} : { keyGenerator: addressKey }) },
});

/** Routes whose requests a listener makes by the hundred; counted under `media`, not `any`. */
export const MEDIA_ROUTES = new Set([
  '/api/tracks/:id/stream',
  '/api/tracks/:id/original',
  '/api/tracks/:id/waveform',
  // The same through a share link (decision 0320): a player seeks through them just as much.
  '/api/shares/by-token/:token/tracks/:trackId/stream',
  '/api/shares/by-token/:token/tracks/:trackId/original',
  '/api/shares/by-token/:token/tracks/:trackId/waveform',
  // Every version as a take (issue 43): a comparing player reads two streams at once.
  '/api/tracks/:id/versions/:version/stream',
  '/api/tracks/:id/versions/:version/waveform',
  '/api/shares/by-token/:token/tracks/:trackId/versions/:version/stream',
  '/api/shares/by-token/:token/tracks/:trackId/versions/:version/waveform',
  // A take's spectrogram (issue 47): read with its waveform each time the view shows it.
  '/api/tracks/:id/spectrogram',
  '/api/tracks/:id/versions/:version/spectrogram',
  '/api/shares/by-token/:token/tracks/:trackId/spectrogram',
  '/api/shares/by-token/:token/tracks/:trackId/versions/:version/spectrogram',
  // The Subsonic API's stream and download (SUBSONIC_MEDIA_URLS, decision 0385): routes of their own.
  '/rest/stream',
  '/rest/stream.view',
  '/rest/download',
  '/rest/download.view',
]);

/** Content-hashed build output (vite's assets/): cached for a year, fetched once per version. */
const isHashedAsset = (request: FastifyRequest) =>
  request.routeOptions.url === '/*' && request.url.startsWith('/assets/');

export interface RateLimitsOptions {
  /** The `any` limit from RATE_LIMIT_PER_MINUTE; 0 switches every limit off (decision 0059). */
  perMinute?: number;
  overrides?: RateLimitOverrides;
  /** UPLOAD_BYTES_PER_HOUR (default UPLOAD_BYTES_BUDGET.maxBytes); 0: no bytes budget. */
  uploadBytesPerHour?: number;
  /**
   * Where counters live so that every instance sees them (decision 0098): Redis (REDIS_URL), or the
   * PostgreSQL database; omitted (PGlite, one process): this process's memory.
   */
  shared?: { redisUrl: string } | { db: Database };
}

/** The counters' store settings and the bytes budget's counter in the same place, and what to close with the app. */
async function sharedStore(app: FastifyInstance, shared: RateLimitsOptions['shared']) {
  if (!shared) return { counter: memoryCounter() };
  if ('redisUrl' in shared) {
    // Imported only with REDIS_URL: an instance without Redis never loads the client (decision 0495).
    const { Redis } = await import('ioredis');
    // Fail fast rather than queue: a request must not wait on an unreachable Redis.
    const redis = new Redis(shared.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'Redis (rate limits) error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const nameSpace = 'journal-rate-limit:';
    return { redis, nameSpace, skipOnError: true, counter: redisCounter(redis, nameSpace) };
  }
  schedulePeriodicTask(app, shared.db, {
    name: 'prune-rate-limits',
    intervalMs: 10 * 60 * 1000,
    run: () => pruneRateLimitHits(shared.db),
    failure: 'Pruning expired rate-limit counters failed',
  });
  // A database hiccup lets requests through rather than failing them all (they need it anyway).
  return {
    store: postgresRateLimitStore(shared.db),
    skipOnError: true,
    counter: postgresCounter(new PostgresRateLimitStore(shared.db)),
  };
}

/**
 * Each limiter's own counter: the key names the limit, since shared stores (Redis) give limiters
 * made by createRateLimit one namespace between them.
 */
const keyFor = (limit: string) => (request: FastifyRequest) => `${limit}:${rateLimitKey(request)}`;

export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: RateLimitsOptions) => {
  const overrides = opts.overrides ?? {};
  const off = opts.perMinute === 0;
  if (off) app.log.warn('Rate limits are off (RATE_LIMIT_PER_MINUTE=0)');
  // Route-level hooks run after the app's onRequest hooks, so the session is loaded when the key
  // is made: signed-in callers are counted by user id. The allow list is inherited by every limit
  // below (sign-in, invites, per-user actions); media routes and assets only ever meet `any` here.
  const { counter, ...store } = await sharedStore(app, opts.shared);
  await app.register(fastifyRateLimit, {
    ...store,
    max: overrides.any ?? opts.perMinute ?? RATE_LIMITS.any.max,
    timeWindow: RATE_LIMITS.any.timeWindow,
    keyGenerator: rateLimitKey,
    allowList: (request) => off || MEDIA_ROUTES.has(request.routeOptions.url ?? '') || isHashedAsset(request),
  });
  const media = app.createRateLimit({
    max: overrides.media ?? RATE_LIMITS.media.max,
    timeWindow: RATE_LIMITS.media.timeWindow,
    keyGenerator: keyFor('media'),
    allowList: () => off,
    // A flood guard, kept in memory even on PostgreSQL: a database write per Range request would
    // cost more than the guard is worth (decision 0098). Redis counts it once for all instances.
    perInstance: true,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  app.addHook('onRoute', (route) => {
    if (!MEDIA_ROUTES.has(route.url)) return;
    const check: preHandlerAsyncHookHandler = async (request, reply) => {
      const result = await media(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new HttpError(
          429,
          `Too many audio requests: at most ${result.max} a minute. Try again in ${result.ttlInSeconds} s.`,
        );
      }
    };
    route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });
  const limiters = {} as Record<UserActionLimit, preHandlerAsyncHookHandler>;
  const checks = {} as Record<UserActionLimit, ReturnType<FastifyInstance['createRateLimit']>>;
  // The person limitUserAction names, beside the request (the limiter's key is made from it alone).
  const actors = new WeakMap<FastifyRequest, string>();
  for (const name of ['upload', 'comment', 'create'] as const) {
    // One counter per kind of action, shared by every route that takes it (both comment routes…).
    const check = app.createRateLimit({
      max: overrides[name] ?? RATE_LIMITS[name].max,
      timeWindow: RATE_LIMITS[name].timeWindow,
      keyGenerator: (request) => `${name}:${actors.get(request) ?? rateLimitKey(request)}`,
    });
    checks[name] = check;
    limiters[name] = async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new HttpError(
          429,
          `Too many ${WHAT[name]}: at most ${result.max} a minute. Try again in ${result.ttlInSeconds} s.`,
        );
      }
    };
  }
  app.decorate('userRateLimit', limiters);
  app.decorate(
    'limitUserAction',
    async (name: UserActionLimit, request: FastifyRequest, reply: FastifyReply, userId: string) => {
      actors.set(request, `user:${userId}`);
      await limiters[name].call(app, request, reply);
    },
  );
  const uploadBytes = new UploadBytesBudget(
    counter,
    off ? 0 : (overrides.uploadBytes ?? opts.uploadBytesPerHour ?? UPLOAD_BYTES_BUDGET.maxBytes),
    (err) => app.log.warn({ err }, 'Upload bytes budget unavailable; the upload is let through'),
  );
  app.decorate('uploadBytes', uploadBytes);
  app.decorate('takeUserAction', async (name: UserActionLimit, userId: string, bytes = 0) => {
    // What the limiter reads of a request (its route, for the allow list); the key is the person's.
    const request = { routeOptions: { config: {} }, url: '' } as unknown as FastifyRequest;
    actors.set(request, `user:${userId}`);
    const result = await checks[name](request);
    if (!result.isAllowed && result.isExceeded) return Math.max(result.ttl, 1);
    // As on the routes: the count first, then the bytes (a refusal for bytes has spent one count).
    return name === 'upload' ? uploadBytes.take(userId, bytes) : 0;
  });
  app.decorate('failedAttempts', failedAttemptsLimit(app, overrides, off));
  app.decorate('failedUnlocks', failedUnlocksLimit(app, overrides, off));
});

/** `shareUnlock`: one counter per link and address, read before each try and counted on a wrong one. */
function failedUnlocksLimit(
  app: FastifyInstance,
  overrides: RateLimitOverrides,
  off: boolean,
): FailedAttempts {
  const subjects = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: overrides.shareUnlock ?? RATE_LIMITS.shareUnlock.max,
    timeWindow: RATE_LIMITS.shareUnlock.timeWindow,
    keyGenerator: (request) => `shareUnlock:${subjects.get(request) ?? ''}:${addressKey(request)}`,
    allowList: () => off,
  });
  const run = (request: FastifyRequest, subject: string, increment: boolean) => {
    subjects.set(request, subject.slice(0, 100));
    return check(request, { increment });
  };
  return {
    async lockedFor(request, subject) {
      const result = await run(request, subject, false);
      return !result.isAllowed && result.remaining === 0 ? Math.max(1, result.ttlInSeconds) : undefined;
    },
    async record(request, subject) {
      await run(request, subject, true);
    },
  };
}

/**
 * `subsonicAuth` per subject and `subsonicAuthAddress` per address: both read before each attempt
 * (without counting it), both incremented on each failure. In the shared store, as every limit above,
 * so a failure on one instance counts on all.
 */
function failedAttemptsLimit(
  app: FastifyInstance,
  overrides: RateLimitOverrides,
  off: boolean,
): FailedAttempts {
  // The limiter's key is made from the request alone, so the subject rides along beside it.
  const subjects = new WeakMap<FastifyRequest, string>();
  const limit = (name: 'subsonicAuth' | 'subsonicAuthAddress', key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: overrides[name] ?? RATE_LIMITS[name].max,
      timeWindow: RATE_LIMITS[name].timeWindow,
      keyGenerator: (request) => `${name}:${key(request)}`,
      allowList: () => off,
    });
  const counters = [
    limit('subsonicAuth', (request) => subjects.get(request) ?? ''),
    limit('subsonicAuthAddress', addressKey),
  ];
  const run = (request: FastifyRequest, subject: string, increment: boolean) => {
    subjects.set(request, subject.toLowerCase().slice(0, 100));
    return Promise.all(counters.map((check) => check(request, { increment })));
  };
  return {
    async lockedFor(request, subject) {
      const waits = (await run(request, subject, false)).flatMap((result) =>
        !result.isAllowed && result.remaining === 0 ? [Math.max(1, result.ttlInSeconds)] : [],
      );
      return waits.length > 0 ? Math.max(...waits) : undefined;
    },
    async record(request, subject) {
      await run(request, subject, true);
    },
  };
}

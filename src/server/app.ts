import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOADS_AT_ONCE } from '../shared/constants';
import { registerFeatureRoutes } from './app-features';
import type { BuildAppOptions } from './app-options';
import { hasClientAt, registerClient } from './client-pages';
import { liveEventsPlugin } from './events/events.routes';
import { jobSentMessage, LIVE_EVENTS_CHANNEL } from './events/live-event-delivery';
import { instanceAdminsPlugin } from './features/admin/instance-admins';
import { isDemoSampleHash } from './features/demo/demo.service';
import { embedRoutes } from './features/embed/embed.routes';
import { EMBED_HTML } from './features/embed/embed-pages';
import { PagePreviews } from './features/previews/page-previews.service';
import { previewsRoutes } from './features/previews/previews.routes';
import { linkCookiesOf } from './features/shares/link-cookies';
import { sharePagesRoutes } from './features/shares/share-pages.routes';
import { sharePreviewRoute } from './features/shares/share-views';
import {
  JOURNAL_REVISION_CHANNEL,
  JournalRevisions,
  journalRevisionReplies,
} from './features/tracks/journal-revisions';
import { totalStoredBytes } from './features/tracks/storage.service';
import { startTrackProcessing } from './features/tracks/track-processing.queue';
import { startBlobRemoval } from './jobs/blob-deletions';
import { inertJobQueue, type JobQueue, startJobQueue } from './jobs/job-queue';
import { resolveFfmpeg } from './media/ffmpeg-binaries';
import { metricsPlugin } from './observability/metrics.plugin';
import { openApiPlugin } from './openapi/openapi.plugin';
import { AccessCache, accessGenerationPlugin, Generation } from './plugins/access-cache';
import { authGuardPlugin } from './plugins/auth-guard';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin, frameworkErrorReply } from './plugins/errors';
import { instanceNamePlugin } from './plugins/instance-name';
import { logSerializers } from './plugins/log-redaction';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { routeSharesPlugin } from './plugins/route-shares';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import type { LoadedSession } from './plugins/session-store';
import { statisticsRefreshPlugin } from './plugins/statistics-refresh';
import { uploadsPlugin } from './plugins/uploads';
import type { BlobStore } from './storage/blob-store';
import { createBlobStore, mediaOffload, presignedOrigin } from './storage/create-store';
import { OutageWatch, watchStore } from './storage/outage-watch';

/** The longest path parameter the router takes (characters, as sent); longer ones get a 414. */
export const MAX_PARAM_LENGTH = 100;

export type { BuildAppOptions } from './app-options';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for tests that walk them (the CSRF guard test, the fuzz test). */
    registeredRoutes: {
      method: string;
      url: string;
      schema?: FastifySchema;
      config?: FastifyContextConfig;
    }[];
    /**
     * The pages whose index.html carries link-preview tags (issue 24, decision 0325); another kind
     * of page (share links, `/s/{token}`) joins with `app.pagePreviews.add(route)`.
     */
    pagePreviews: PagePreviews;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const https = config.publicUrl.startsWith('https://');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // X-Forwarded-For/-Proto are believed only from proxies TRUST_PROXY names (default: none), since
    // the client address keys the rate limits and anyone can send the header (decision 0036).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's default, named because the contract depends on it: a longer path parameter is a
    // 414 (ids, user ids, invite codes and image names are all far shorter; decision 0260).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Bad percent-encoding and over-long parameters fail in the router, before the error handler
    // and every hook: answered in the contract's one error shape (decision 0260), with the headers
    // the security-headers hook gives every other reply (decision 0244).
    frameworkErrors: (err, request, reply) => {
      for (const [name, value] of request.server.securityHeaders ?? []) reply.header(name, value);
      return frameworkErrorReply(err, request, reply);
    },
  });

  const routes: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema, config: route.config });
    }
  });

  if (https) {
    // PUBLIC_URL is https, so browsers reach us over TLS (terminated by the proxy in front, whether
    // or not we trust its headers): sessions must get their Secure cookie on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      Object.defineProperty(request, 'protocol', { value: 'https' });
      done();
    });
  }

  const ownStore = options.store ?? (await createBlobStore(config));
  // The S3 client's kept-alive connections end with the app (a store passed in is the caller's).
  if (!options.store && 'close' in ownStore)
    app.addHook('onClose', async () => (ownStore as { close(): void }).close());
  // Every use of the store (requests and jobs) reports to one watch, so an outage is logged once
  // rather than per request (decision 0257).
  const store = watchStore(ownStore, new OutageWatch(app.log));
  const offload = mediaOffload(config, store);
  // S3_STREAM=redirect: players follow the 302 to the bucket, which media-src must then allow.
  const bucketOrigin = offload === 'redirect' ? await presignedOrigin(store) : undefined;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  // Before any hook that reads the database: no route may hold every pooled connection.
  await app.register(routeSharesPlugin);
  // Before every route, so that each request is timed and every feature can count into it.
  await app.register(metricsPlugin, {
    db,
    storedBytes: () => totalStoredBytes(db),
    token: config.metricsToken,
    port: config.metricsPort,
    host: config.host,
    cacheMs: options.metricsCacheMs,
  });
  // Before every route: it documents them, and gives each one the shared error reply schema.
  await app.register(openApiPlugin);
  await app.register(instanceNamePlugin, { name: config.instanceName });
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', ...(bucketOrigin ? [bucketOrigin] : [])],
          connectSrc: ["'self'"],
          // The service worker (/sw.js) and the web app manifest, named rather than left to the
          // fallbacks (script-src, default-src) so a later change there cannot break installing.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: https,
    },
  });
  await app.register(rateLimitsPlugin, {
    perMinute: config.rateLimitPerMinute,
    overrides: options.rateLimits,
    uploadBytesPerHour: config.uploadBytesPerHour,
    shared: rateLimitSharing(options),
  });
  // Sessions and stream permissions reused for ACCESS_CACHE_SECONDS; every unsafe request drops them
  // all (decision 0066), but a route that keepsIdentity leaves the sessions (0904).
  const generation = new Generation();
  const identity = new Generation();
  const cacheMs = config.accessCacheSeconds * 1000;
  await app.register(accessGenerationPlugin, { generation, identity });
  await app.register(sessionPlugin, {
    db,
    secrets: [config.sessionSecret, ...(config.previousSessionSecrets ?? [])],
    secureCookies: https,
    pruneIntervalMs: options.sessionPruneIntervalMs,
    cache: new AccessCache<LoadedSession>(identity, cacheMs),
  });
  await app.register(authGuardPlugin, { db });
  // Journal revisions held in memory, renewed by the database's announcements on this instance's
  // LISTEN connection (below); every write's reply names the writer's (issue 48).
  const journalRevisions = new JournalRevisions(db, options.queueConnection?.kind === 'pglite');
  await app.register(journalRevisionReplies, {
    revisions: journalRevisions,
    enabled: config.trackListCacheBytes > 0,
  });
  await app.register(instanceAdminsPlugin, {
    adminUsers: config.adminUsers,
    db,
    oidcIssuer: config.oidc?.issuer,
  });
  // Per-route limits are set where each upload is received (audio vs images).
  await app.register(fastifyMultipart);
  const tempDir = path.join(config.dataDir, 'tmp');
  await app.register(uploadsPlugin, {
    tempDir,
    idleTimeoutMs: config.uploadIdleTimeoutMs,
    minimumRate: { bytesPerSecond: config.uploadMinBytesPerSecond, graceMs: config.uploadRateGraceMs },
    uploadsPerPerson: options.uploadsPerPerson ?? UPLOADS_AT_ONCE.perPerson,
  });

  await app.register(statisticsRefreshPlugin, {
    db,
    debounceMs: options.statisticsDebounceMs ?? 5_000,
    intervalMs: options.statisticsIntervalMs ?? 10 * 60 * 1000,
  });
  const queue = await startQueue(app, options);
  await startBlobRemoval(app, {
    queue,
    deps: { db, store, log: app.log },
    intervalMs: options.blobDrainIntervalMs ?? 60_000,
  });
  await registerFeatureRoutes(app, options, {
    store,
    tempDir,
    offload,
    queue,
    generation,
    cacheMs,
    journalRevisions,
  });
  const clientDir = hasClientAt(options.clientDir);
  app.decorate('pagePreviews', new PagePreviews(db, config.publicUrl, clientDir));
  const ogImages = { db, store, tempDir, kickBlobDeletions: () => app.kickBlobDeletions() };
  await app.register(previewsRoutes, {
    db,
    publicUrl: config.publicUrl,
    previews: app.pagePreviews,
    ogImages,
  });
  // The job queue's connection is also where this instance LISTENs (decision 0100).
  await app.register(liveEventsPlugin, {
    db,
    connection: options.queueConnection,
    // Jobs sent on any instance wake this one's idle worker (decision 0470).
    onJobSent: (name) => queue.wake(name),
    channels: [
      {
        channel: JOURNAL_REVISION_CHANNEL,
        onPayload: (payload) => journalRevisions.heard(payload),
        onListening: () => journalRevisions.listening(),
        onLost: () => journalRevisions.lost(),
      },
    ],
    ...options.liveEvents,
  });

  const hasClient = await registerClient(app, clientDir);
  const hasEmbedPage = hasClient && existsSync(path.join(clientDir ?? '', EMBED_HTML));
  await app.register(embedRoutes, { db, hasPage: hasEmbedPage });
  // Share-link pages: /s/{token} with its preview, its embed and picture (decision 0335).
  app.pagePreviews.add(sharePreviewRoute);
  await app.register(sharePagesRoutes, {
    db,
    ogImages,
    previews: app.pagePreviews,
    hasClient,
    hasEmbedPage,
    cookies: linkCookiesOf(config),
  });
  await startMediaProcessing(app, options, { queue, store, tempDir });
  return app;
}

/** The job queue on the app's database, stopped (running jobs given a moment) when the app closes. */
async function startQueue(app: FastifyInstance, options: BuildAppOptions): Promise<JobQueue> {
  if (!options.queueConnection) return inertJobQueue;
  const queue = await startJobQueue({
    connection: options.queueConnection,
    log: app.log,
    heartbeatSeconds: options.config.mediaJobHeartbeatSeconds,
    observer: app.metrics?.jobObserver(),
    // The live events' bus carries the notice to every instance (decision 0470).
    announceSend: async (name) => {
      await options.db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${jobSentMessage(name)})`);
    },
    ...options.queueTimings,
  });
  app.metrics?.watchQueues(() => queue.counts());
  app.addHook('onClose', async () => queue.stop());
  return queue;
}

/** Works the process-track queue (MEDIA_WORKERS jobs at once) with the ffmpeg this machine has. */
async function startMediaProcessing(
  app: FastifyInstance,
  options: BuildAppOptions,
  deps: { queue: JobQueue; store: BlobStore; tempDir: string },
) {
  const workers = options.config.mediaWorkers;
  let ffmpeg = '';
  if (workers > 0) {
    const found = resolveFfmpeg(options.config);
    ffmpeg = found.ffmpeg;
    app.log.info(
      { ffmpeg: found.ffmpeg, source: found.source, workers },
      `Media processing: ${workers} at once, with ${found.source} ffmpeg at ${found.ffmpeg}`,
    );
  } else {
    app.log.info('Media processing: MEDIA_WORKERS is 0, so this instance only queues tracks');
  }
  const { queued } = await startTrackProcessing(
    deps.queue,
    { db: options.db, ...deps, ffmpeg, log: app.log, isDemoSample: isDemoSampleHash },
    {
      workers,
      retryDelaySeconds: options.queueTimings?.retryDelaySeconds,
      retryLimit: options.queueTimings?.retryLimit,
    },
  );
  // Registered after the queue's own onClose hook, so it runs before it (Fastify runs them last
  // first): the start-up enqueue must be done before the queue stops.
  app.addHook('onClose', async () => queued);
}

/** Where rate-limit counters are shared between instances: Redis, PostgreSQL, or nowhere (0098). */
function rateLimitSharing({ config, db, queueConnection, sharedRateLimits }: BuildAppOptions) {
  if (sharedRateLimits === false) return undefined;
  if (config.redisUrl) return { redisUrl: config.redisUrl };
  // PGlite is one process: its in-memory counters are already all there is.
  return queueConnection?.kind === 'postgres' ? { db } : undefined;
}

/** Trust the nearest `hops` proxies (what Fastify does for a number, which its types leave out). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

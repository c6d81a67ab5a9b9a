import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { poolStats } from '../db/pool-stats';
import { errorBody } from '../plugins/errors';
import { AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's metrics; undefined when they are off (neither METRICS_TOKEN nor METRICS_PORT). */
    metrics: AppMetrics | undefined;
  }
}

export const METRICS_PATH = '/metrics';
/** The route label of requests no route matched (404s, client pages): one value, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsPluginOptions {
  db: Database;
  /**
   * Bytes of audio everyone stores, counted as the quotas count them: a rule of features/tracks,
   * which the app passes in (totalStoredBytes) since this layer never imports a feature.
   */
  storedBytes: () => Promise<number>;
  /** The bearer token a scrape must send; with no port, unset means GET /metrics is a 404. */
  token: string | undefined;
  /** Serve the metrics only on this port (and host), on a listener of their own. */
  port: number | undefined;
  host: string;
  /** How long database reads at scrape time are reused (default SCRAPE_CACHE_MS; tests 0). */
  cacheMs?: number;
}

/**
 * Prometheus metrics (decision 0440). Off (nothing counted, GET /metrics a 404) unless METRICS_TOKEN
 * or METRICS_PORT is set. With a port, the app's own port never serves them; the token, when also
 * set, is asked there too.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  const enabled = opts.token !== undefined || opts.port !== undefined;
  const metrics = enabled
    ? new AppMetrics((what, err) => app.log.warn({ err }, `Metrics: could not read ${what}`), opts.cacheMs)
    : undefined;
  app.decorate('metrics', metrics);
  const onMainPort = metrics && opts.port === undefined ? metrics : undefined;

  // Registered whatever the settings, so the address is a plain 404 when off (not a client page).
  app.get(
    METRICS_PATH,
    // Scrapers come every few seconds from one address: never rate-limited; not an API route.
    { config: { rateLimit: false, probe: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!onMainPort) return reply.code(404).send(errorBody(404, `Route GET ${METRICS_PATH} not found`));
      if (!authorized(request.headers.authorization, opts.token)) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer')
          .send(errorBody(401, 'Metrics need the bearer token'));
      }
      return reply.header('Content-Type', onMainPort.contentType).send(await onMainPort.text());
    },
  );
  if (!metrics) return;

  metrics.watchPool(() => poolStats(opts.db));
  metrics.watchStorage(opts.storedBytes);
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        // The pattern (/api/tracks/:id), never the URL: one series per route, not per track.
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  if (opts.port !== undefined) {
    const server = createServer((req, res) => void serveOwnPort(req, res, metrics, opts.token));
    const port = opts.port;
    // Started with the app (listen calls ready first), so a port already taken stops the start.
    app.addHook('onReady', () => listen(server, port, opts.host));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    app.decorate('metricsServer', server);
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    /** METRICS_PORT's listener, when set (tests read its address). */
    metricsServer?: Server;
  }
}

/** Compares digests, so neither the token's length nor its first differing byte shows in the timing. */
function authorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

async function serveOwnPort(req: IncomingMessage, res: ServerResponse, metrics: AppMetrics, token?: string) {
  const json = (status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(errorBody(status, message)));
  };
  const pathname = (req.url ?? '').split('?')[0];
  if (pathname !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
    return json(404, `Route ${req.method} ${pathname} not found`);
  }
  if (!authorized(req.headers.authorization, token)) {
    return json(401, 'Metrics need the bearer token', { 'WWW-Authenticate': 'Bearer' });
  }
  try {
    const text = await metrics.text();
    res.writeHead(200, { 'Content-Type': metrics.contentType });
    res.end(req.method === 'HEAD' ? undefined : text);
  } catch {
    json(500, 'Metrics could not be collected');
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { analyzeStaleTables } from '../db/statistics';
import { schedulePeriodicTask } from '../jobs/periodic-task';

export interface StatisticsRefreshOptions {
  db: Database;
  /** After a successful change, the stale tables are analyzed this long after the last one (0: never). */
  debounceMs: number;
  /** And every this often, on one instance of the cluster, for changes jobs made (0: never). */
  intervalMs: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps the planner's statistics fresh without anyone running ANALYZE by hand (decision 0475):
 * a quiet moment after writes (a journal being filled, a bulk action, an import) and periodically.
 * The check itself is one read of pg_stat_user_tables; only tables past the threshold are analyzed.
 */
export const statisticsRefreshPlugin = fp(async (app: FastifyInstance, opts: StatisticsRefreshOptions) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const refresh = () => {
    timer = undefined;
    running = running
      .then(() => analyzeStaleTables(opts.db))
      .then(
        (analyzed) => {
          if (analyzed.length > 0) app.log.info({ analyzed }, 'Planner statistics refreshed');
        },
        (err: unknown) => app.log.warn({ err }, 'Refreshing planner statistics failed'),
      );
  };
  if (opts.debounceMs > 0) {
    app.addHook('onResponse', (request, reply, done) => {
      if (!closed && !SAFE_METHODS.has(request.method) && reply.statusCode < 300) {
        clearTimeout(timer);
        timer = setTimeout(refresh, opts.debounceMs);
        timer.unref();
      }
      done();
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
  schedulePeriodicTask(app, opts.db, {
    name: 'analyze-stale-tables',
    intervalMs: opts.intervalMs,
    run: () => analyzeStaleTables(opts.db),
    failure: 'Refreshing planner statistics failed',
  });
});

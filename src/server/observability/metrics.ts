import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/pool-stats';
import type { JobObserver, QueueCounts } from '../jobs/job-queue';
import { ScrapeCache } from './scrape-cache';

/** Seconds: fast API answers to slow uploads and exports. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a blob deletion takes milliseconds, an hour of audio a minute, an export several. */
const JOB_BUCKETS = [0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 3600];
/** Database reads at scrape time are reused this long (Prometheus scrapes every 15–60 s). */
export const SCRAPE_CACHE_MS = 10_000;

let processRegistry: Registry | undefined;
/**
 * Node's own series (CPU, memory, GC, event-loop lag and its percentiles) once per process: they
 * describe the process, not an app, and each collectDefaultMetrics starts an event-loop monitor.
 */
function defaultMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This instance's series (decision 0440): `journal_` names, units in the name, `_total` counters.
 * Each instance counts only its own; Prometheus tells instances apart by its target labels.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobDuration: Histogram<'queue' | 'outcome'>;
  readonly jobFailures: Counter<'queue'>;
  readonly jobsGivenUp: Counter<'queue'>;
  readonly uploadedBytes: Counter;
  readonly streamedBytes: Counter;

  /** @param onReadError told when a scrape-time read fails (logged; the scrape still answers). */
  constructor(
    private readonly onReadError: (what: string, err: unknown) => void,
    /** How long database reads at scrape time are reused (tests: 0). */
    private readonly cacheMs = SCRAPE_CACHE_MS,
  ) {
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'journal_http_request_duration_seconds',
      help: 'Time from request to the last byte of the answer, by route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'journal_job_duration_seconds',
      help: 'Run time of jobs worked by this instance, by queue and outcome (completed or failed)',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobFailures = new Counter({
      name: 'journal_job_failures_total',
      help: 'Job runs that failed on this instance (each is retried until its retries are spent)',
      labelNames: ['queue'],
      registers,
    });
    this.jobsGivenUp = new Counter({
      name: 'journal_jobs_given_up_total',
      help: 'Jobs that failed for the last time (retries spent), handled by this instance',
      labelNames: ['queue'],
      registers,
    });
    this.uploadedBytes = new Counter({
      name: 'journal_uploaded_bytes_total',
      help: 'Bytes of files received in full by upload routes (tracks, versions, images)',
      registers,
    });
    this.streamedBytes = new Counter({
      name: 'journal_streamed_bytes_total',
      help: 'Bytes of media bodies written to clients (streams, originals, /rest stream and download)',
      registers,
    });
  }

  /** What the job queue reports each job run and give-up to (jobs/job-queue.ts). */
  jobObserver(): JobObserver {
    return {
      ran: (queue, seconds, outcome) => {
        this.jobDuration.observe({ queue, outcome }, seconds);
        if (outcome === 'failed') this.jobFailures.inc({ queue });
      },
      gaveUp: (queue) => this.jobsGivenUp.inc({ queue }),
    };
  }

  /** Live event streams open here (events/events.routes.ts). */
  watchOpenStreams(count: () => number) {
    new Gauge({
      name: 'journal_event_streams_open',
      help: 'Live event streams (GET /api/events) open on this instance',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  /**
   * The app's database pool (db/pool-stats.ts). In use, idle and waiting exist only where the pool
   * can tell them (PostgreSQL): PGlite reports its one connection and nothing it cannot know.
   */
  watchPool(stats: () => PoolStats) {
    const registers = [this.registry];
    new Gauge({
      name: 'journal_db_pool_max_connections',
      help: "Connections the app's database pool may open (1: embedded PGlite)",
      registers,
      collect() {
        this.set(stats().max);
      },
    });
    if (stats().inUse === undefined) return;
    new Gauge({
      name: 'journal_db_pool_connections',
      help: "Open connections of the app's database pool, by state (in_use, idle)",
      labelNames: ['state'],
      registers,
      collect() {
        const now = stats();
        this.set({ state: 'in_use' }, now.inUse ?? 0);
        this.set({ state: 'idle' }, now.idle ?? 0);
      },
    });
    new Gauge({
      name: 'journal_db_pool_waiting_requests',
      help: 'Queries waiting for a pool connection because every one is in use',
      registers,
      collect() {
        this.set(stats().waiting ?? 0);
      },
    });
  }

  /** Queue depth and running jobs from pg-boss's counts (jobs/job-queue.ts), read at most every SCRAPE_CACHE_MS. */
  watchQueues(read: () => Promise<QueueCounts[]>) {
    const registers = [this.registry];
    const queues = new ScrapeCache(read, this.cacheMs, (err) => this.onReadError('job queue counts', err));
    new Gauge({
      name: 'journal_job_queue_depth',
      help: 'Jobs waiting in each queue, all instances together (pg-boss counts, refreshed every few seconds)',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const q of (await queues.get()) ?? []) this.set({ queue: q.queue }, q.queued);
      },
    });
    new Gauge({
      name: 'journal_job_queue_active',
      help: 'Jobs running in each queue, all instances together',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const q of (await queues.get()) ?? []) this.set({ queue: q.queue }, q.active);
      },
    });
  }

  /** Bytes of audio stored by everyone (features/tracks/storage.service.ts), read at most every SCRAPE_CACHE_MS. */
  watchStorage(read: () => Promise<number>) {
    const stored = new ScrapeCache(read, this.cacheMs, (err) => this.onReadError('storage used', err));
    new Gauge({
      name: 'journal_storage_used_bytes',
      help: "Bytes of audio everyone stores (what counts toward people's quotas), from the database",
      registers: [this.registry],
      async collect() {
        const bytes = await stored.get();
        // A failed read keeps the last value (logged): a drop to 0 would look like data loss.
        if (bytes !== undefined) this.set(bytes);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition: the process's default series, then the app's. */
  async text(): Promise<string> {
    const [process, app] = await Promise.all([defaultMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${app}`;
  }
}

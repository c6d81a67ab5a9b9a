import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { QueueConnection } from '../db/client';

/** pg-boss keeps its tables in a schema of their own, next to the app's (decision 0039). */
export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  connection: QueueConnection;
  log: FastifyBaseLogger;
  /** A job whose worker sends no heartbeat for this long (the process died) is retried. */
  heartbeatSeconds: number;
  /** How often idle workers look for work; how often dead workers' jobs are looked for. */
  pollingIntervalSeconds?: number;
  /**
   * Tells every instance that a job was sent to a wake-on-send queue (app.ts: a NOTIFY on the live
   * events' channel, decision 0470); each answers with wake(). Without it only this instance's own
   * idle worker is woken, and the others find the job at their next poll.
   */
  announceSend?: (queue: string) => Promise<void>;
  superviseIntervalSeconds?: number;
  /** On stop, how long running jobs may finish before they are aborted (and retried later). */
  stopTimeoutMs?: number;
  /** Told of every job this instance works (the metrics, decision 0440). */
  observer?: JobObserver;
}

/** What the metrics learn of the jobs worked here: each run's time and outcome, and give-ups. */
export interface JobObserver {
  ran(queue: string, seconds: number, outcome: 'completed' | 'failed'): void;
  gaveUp(queue: string): void;
}

/** One queue's jobs, all instances together, as pg-boss last counted them (every supervise interval). */
export interface QueueCounts {
  queue: string;
  /** Waiting to run: ready now, or waiting for a retry's delay. */
  queued: number;
  active: number;
}

export interface QueueDefinition<T extends object> {
  name: string;
  /** Jobs this instance runs at once; 0: it only enqueues (another instance works them). */
  workers: number;
  retryLimit: number;
  /** First retry delay in seconds; doubles on each retry (with jitter) up to retryDelayMaxSeconds. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** A job running longer than this is aborted and retried: far above any real run. */
  expireInSeconds: number;
  /**
   * 'exclusive' (default): one job per key queued or running. 'stately': one queued and one running,
   * so a send while a job runs still leads to one more run (a drain must see rows added meanwhile).
   */
  policy?: 'exclusive' | 'stately';
  /**
   * Wake an idle worker when a job is sent, instead of at its next poll: this instance's at once, and
   * through announceSend every other instance's (media jobs start within milliseconds, decision 0470).
   */
  wakeOnSend?: boolean;
  handle(data: T, signal: AbortSignal): Promise<void>;
  /**
   * Runs once a handled job is marked complete, to send its key again when its subject still waits.
   * One job per key means a send made while the job runs is refused: a change that lands after the
   * handler's last read and before the job is marked complete would otherwise wait for the next
   * start. Past the completion the key is free, so the send here is taken (decision 0921).
   */
  afterComplete?(data: T): Promise<void>;
  /** Called once a job has failed for the last time (retries spent, or its worker kept dying). */
  onGiveUp(data: T): Promise<void>;
}

export interface JobQueue {
  /** Declares a queue (idempotent) and, with workers > 0, starts working it. */
  define<T extends object>(definition: QueueDefinition<T>): Promise<void>;
  /** Enqueues unless a job with the same key is already queued or running. True when enqueued. */
  send(name: string, data: object, key: string): Promise<boolean>;
  /** A job was sent to this queue (here or on another instance): an idle worker here looks now. */
  wake(name: string): void;
  /** Every queue's counts: one read of pg-boss's queue table (no scan of the jobs). */
  counts(): Promise<QueueCounts[]>;
  stop(): Promise<void>;
}

/** A queue that runs nothing: for apps built without a database connection for it (some tests). */
export const inertJobQueue: JobQueue = {
  async define() {},
  async send() {
    return false;
  },
  wake() {},
  async counts() {
    return [];
  },
  async stop() {},
};

/** pg-boss's connection: the PGlite instance itself (one connection, shared), or its own small pool. */
function bossOptions(connection: QueueConnection) {
  return connection.kind === 'pglite'
    ? { db: fromPglite(connection.client), backend: 'pglite' as const }
    : { connectionString: connection.connectionString, max: 4 };
}

/**
 * Installs pg-boss's tables if they are missing (tests bake them into the PGlite template so each
 * test file does not pay for it again).
 */
export async function installJobSchema(connection: QueueConnection): Promise<void> {
  const boss = new PgBoss({
    ...bossOptions(connection),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/**
 * The job queue on the app's own database (pg-boss): jobs survive restarts, retry with backoff,
 * and a job whose process died is retried once its heartbeat is missed.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const supervise = options.superviseIntervalSeconds ?? 5;
  const boss = new PgBoss({
    ...bossOptions(options.connection),
    schema: JOB_SCHEMA,
    schedule: false,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // The instance registry is for dashboards we do not have; it would only add writes.
    registerInstance: false,
  });
  boss.on('error', (err) => log.warn({ err }, 'Job queue error'));
  // Slow queries, backlogs, handlers overrunning: worth seeing, not worth waking anyone.
  boss.on('warning', (warning) => log.info({ warning }, 'Job queue warning'));
  await boss.start();
  // Handlers still running: pg-boss's stop() aborts them but does not wait for them to return, and
  // they must be done (child processes gone, temp files removed) before the database closes.
  const running = new Set<Promise<void>>();
  // The worker of each wake-on-send queue this instance works; the wake-on-send queues it sends to.
  const wake = new Map<string, string>();
  const announced = new Set<string>();
  const wakeWorker = (name: string) => {
    const workerId = wake.get(name);
    if (workerId) boss.notifyWorker(workerId);
  };
  const track = (work: Promise<void>) => {
    running.add(work);
    return work.finally(() => running.delete(work));
  };
  // The job is completed here rather than by pg-boss after the handler returns (pg-boss then finds it
  // settled and leaves it), so that afterComplete runs with the key free. A failure there is logged:
  // the job did its work, and a subject still waiting is queued again at the next start.
  const completeThen = async <T extends object>(
    name: string,
    job: { id: string; data: T },
    afterComplete: (data: T) => Promise<void>,
  ) => {
    try {
      await boss.complete(name, job.id);
      await afterComplete(job.data);
    } catch (err) {
      log.warn({ err, queue: name }, 'Could not look again at what a finished job was for');
    }
  };
  const observer = options.observer;
  // Every handler of every queue is run through here: one place times them and counts failures.
  const timed = async (queue: string, work: () => Promise<void>) => {
    if (!observer) return work();
    const started = performance.now();
    try {
      await work();
      observer.ran(queue, (performance.now() - started) / 1000, 'completed');
    } catch (err) {
      observer.ran(queue, (performance.now() - started) / 1000, 'failed');
      throw err;
    }
  };

  return {
    async define<T extends object>(def: QueueDefinition<T>) {
      const gaveUp = `${def.name}-gave-up`;
      await ensureQueue(boss, gaveUp, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
      await ensureQueue(boss, def.name, {
        // One queued-or-running job per key (per track): enqueueing twice is harmless.
        policy: def.policy ?? 'exclusive',
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryDelayMax: def.retryDelayMaxSeconds,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
        heartbeatSeconds: options.heartbeatSeconds,
        // A job that fails for good is copied here, so its subject never stays waiting in silence.
        deadLetter: gaveUp,
      });
      if (def.wakeOnSend) announced.add(def.name);
      if (def.workers <= 0) return;
      const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
      const workerId = await boss.work<T>(
        def.name,
        { ...polling, localConcurrency: def.workers },
        async ([job]) => {
          if (!job) return;
          await track(timed(def.name, () => def.handle(job.data, job.signal)));
          if (def.afterComplete) await track(completeThen(def.name, job, def.afterComplete));
        },
      );
      if (def.wakeOnSend) wake.set(def.name, workerId);
      await boss.work<T>(gaveUp, polling, async ([job]) => {
        if (!job) return;
        await track(timed(gaveUp, () => def.onGiveUp(job.data)));
        // Counted once it is handled: a give-up whose handler failed runs (and would count) again.
        observer?.gaveUp(def.name);
      });
    },
    async send(name, data, key) {
      const sent = (await boss.send(name, data, { singletonKey: key })) !== null;
      if (!sent || !announced.has(name)) return sent;
      wakeWorker(name);
      // The job is committed: whichever instance's worker the notice wakes will find it.
      await options.announceSend?.(name).catch((err: unknown) => {
        log.warn(
          { err, queue: name },
          'Could not announce a job; other instances find it at their next poll',
        );
      });
      return sent;
    },
    wake: wakeWorker,
    async counts() {
      const queues = await boss.getQueues();
      return queues.map((q) => ({ queue: q.name, queued: q.queuedCount, active: q.activeCount }));
    },
    async stop() {
      // Running jobs get stopTimeoutMs to finish; past it pg-boss fails them (they are retried)
      // and aborts their signals, which stops their child processes.
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000, close: true });
      await Promise.allSettled([...running]);
    },
  };
}

type QueueSettings = Parameters<PgBoss['createQueue']>[1];

/**
 * createQueue, or updateQueue when it exists, so changed settings reach an existing database. Two
 * instances starting together may both try to create it: the loser updates instead.
 */
async function ensureQueue(boss: PgBoss, name: string, settings: QueueSettings) {
  const { policy: _fixedAtCreation, ...changeable } = settings ?? {};
  if (await boss.getQueue(name)) return boss.updateQueue(name, changeable);
  try {
    await boss.createQueue(name, settings);
  } catch (err) {
    if (!(await boss.getQueue(name))) throw err;
    await boss.updateQueue(name, changeable);
  }
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { scheduledTaskRuns } from '../db/schema';

/**
 * Claims this period's run of a task for the caller (decision 0099): true for one caller per period
 * however many instances ask, by a conditional upsert on the database's own clock (instances' clocks
 * may differ). The 10% margin keeps a winner whose timer fires a little early from skipping a period.
 */
export async function claimTaskRun(db: Database, name: string, periodMs: number): Promise<boolean> {
  const seconds = (periodMs * 0.9) / 1000;
  const claimed = await db
    .insert(scheduledTaskRuns)
    .values({ name, lastRunAt: sql`now()` })
    .onConflictDoUpdate({
      target: scheduledTaskRuns.name,
      set: { lastRunAt: sql`now()` },
      setWhere: sql`${scheduledTaskRuns.lastRunAt} <= now() - make_interval(secs => ${seconds})`,
    })
    .returning({ name: scheduledTaskRuns.name });
  return claimed.length > 0;
}

export interface PeriodicTask {
  /** Names the task's row in scheduled_task_runs: one name, one run per period across instances. */
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /** What a failed run (claim or task) is logged as. */
  failure: string;
}

/**
 * Runs a task when the app is ready and then every intervalMs, on whichever instance claims the
 * period first; 0 turns it off (tests run tasks by hand).
 */
export function schedulePeriodicTask(app: FastifyInstance, db: Database, task: PeriodicTask) {
  if (task.intervalMs <= 0) return;
  const tick = async () => {
    try {
      if (await claimTaskRun(db, task.name, task.intervalMs)) await task.run();
    } catch (err) {
      app.log.warn({ err }, task.failure);
    }
  };
  app.addHook('onReady', tick);
  const timer = setInterval(tick, task.intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { scheduledTaskRuns } from '../db/schema';
import { claimTaskRun, schedulePeriodicTask } from './periodic-task';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic tasks run once across instances (decision 0099)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('lets one of many simultaneous claims win a period, and the next period be claimed again', async () => {
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimTaskRun(database.db, 'claim-test', 400)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTaskRun(database.db, 'claim-test', 400)).toBe(false);
    // Another task's period is its own.
    expect(await claimTaskRun(database.db, 'other-task', 400)).toBe(true);
    await sleep(450);
    expect(await claimTaskRun(database.db, 'claim-test', 400)).toBe(true);
  });

  it('two instances scheduling the same task run it once per period between them', async () => {
    const runs: string[] = [];
    const instances = ['a', 'b'].map((name) => {
      const app = Fastify();
      schedulePeriodicTask(app, database.db, {
        name: 'sweep-test',
        intervalMs: 500,
        run: async () => void runs.push(name),
        failure: 'test task failed',
      });
      return app;
    });
    // Both start together: only one start-up run.
    await Promise.all(instances.map((app) => app.ready()));
    expect(runs).toHaveLength(1);
    await sleep(2_600);
    await Promise.all(instances.map((app) => app.close()));
    // Five more periods passed: about six runs in all, where each instance alone would make six.
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(7);
  });

  it('apps starting on one database prune sessions and sweep demo accounts once per period between them', async () => {
    const timers = { sessionPruneIntervalMs: 60_000, demoSweepIntervalMs: 60_000 };
    const apps: TestApp[] = [await buildTestApp(timers)];
    const { database: shared } = apps[0]!;
    const runs = () => ({
      prunes: shared.queries.filter((q) =>
        q.startsWith('delete from "sessions" where "sessions"."expire" < now()'),
      ).length,
      sweeps: shared.queries.filter((q) => q.includes('for update skip locked')).length,
    });
    try {
      // The first app ran both at start-up; two more starting in the same period run neither.
      shared.queries.length = 0;
      apps.push(await buildTestApp({ ...timers, sharedDatabase: shared }));
      apps.push(await buildTestApp({ ...timers, sharedDatabase: shared }));
      expect(runs()).toEqual({ prunes: 0, sweeps: 0 });

      // The period over (its record gone), the next instance to tick runs each task once.
      await shared.db.delete(scheduledTaskRuns);
      shared.queries.length = 0;
      apps.push(await buildTestApp({ ...timers, sharedDatabase: shared }));
      expect(runs()).toEqual({ prunes: 1, sweeps: 1 });
    } finally {
      for (const t of apps.reverse()) await t.close();
    }
  });
});

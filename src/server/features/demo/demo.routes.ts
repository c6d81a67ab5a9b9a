import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_DISABLED_MESSAGE, DEMO_FULL_MESSAGE } from '../../../shared/constants';
import { authUserSchema } from '../../../shared/schemas/auth';
import { apiErrorSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { schedulePeriodicTask } from '../../jobs/periodic-task';
import { HttpError } from '../../plugins/errors';
import { addressKey } from '../../plugins/rate-limits';
import type { BlobStore } from '../../storage/blob-store';
import { signIn } from '../auth/auth.service';
import { toAuthUser } from '../users/users.service';
import {
  createDemoAccount,
  type DemoDeps,
  demoAccountsFull,
  findLiveDemoAccount,
  sweepExpiredDemoAccounts,
} from './demo.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes expired demo accounts and their files now (the timer calls it; tests call it by hand). */
    sweepDemoAccounts: (now?: Date) => Promise<number>;
  }
}

export interface DemoPluginOptions {
  db: Database;
  store: BlobStore;
  tempDir: string;
  queue: JobQueue;
  enabled: boolean;
  ttlHours: number;
  /** Demo sessions one address may ask for per hour (decision 0029). */
  sessionsPerHour?: number;
  /** How often the expiry sweep runs; 0 turns the timer off (tests sweep by hand). */
  sweepIntervalMs?: number;
}

export const DEMO_SESSIONS_PER_HOUR = 20;
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** The demo user: one account per visitor (decisions 0026-0029). */
export const demoPlugin = fp(async (fastify: FastifyInstance, opts: DemoPluginOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: DemoDeps = {
    db: opts.db,
    store: opts.store,
    tempDir: opts.tempDir,
    ttlHours: opts.ttlHours,
    queue: opts.queue,
    log: app.log,
  };

  app.post(
    '/api/auth/demo-session',
    {
      // Every new demo account writes rows and files, so creating them is bounded per address.
      config: {
        rateLimit: {
          max: opts.sessionsPerHour ?? DEMO_SESSIONS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: addressKey,
        },
      },
      schema: {
        summary: 'Sign in as a demo user of your own',
        description:
          'Creates a demo account with sample tracks (or keeps the one this browser already has) and signs in. 503 while the demo accounts are full.',
        tags: ['demo'],
        response: { 200: authUserSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      if (!opts.enabled) throw new HttpError(403, DEMO_DISABLED_MESSAGE);
      // Pressing the button again keeps the visitor's own account, and its session.
      const own = await findLiveDemoAccount(deps, request.session.userId);
      if (own) return toAuthUser(own, await app.instanceAdmins.roster());
      if (await demoAccountsFull(deps)) throw new HttpError(503, DEMO_FULL_MESSAGE);
      const user = await createDemoAccount(deps);
      await signIn(opts.db, request, user.id, 'demo');
      return toAuthUser(user, await app.instanceAdmins.roster());
    },
  );

  app.decorate('sweepDemoAccounts', (now?: Date) => sweepExpiredDemoAccounts(deps, now));

  // Also with the demo switched off: accounts made before the switch still expire.
  schedulePeriodicTask(app, opts.db, {
    name: 'sweep-demo-accounts',
    intervalMs: opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    run: () => sweepExpiredDemoAccounts(deps),
    failure: 'Sweeping expired demo accounts failed',
  });
});

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeleteBodySchema,
  adminJobsSchema,
  adminOverviewSchema,
  adminPeopleQuerySchema,
  adminPeopleSchema,
  adminPersonSchema,
  adminTrackParamsSchema,
  adminUserParamsSchema,
  quotaBodySchema,
  type SignupMode,
  suspendBodySchema,
  sweepResultSchema,
} from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { userOf } from '../../plugins/auth-guard';
import { failedTracks, instanceOverview, jobCounts, retryFailedTrack } from './admin-instance.service';
import { deletePerson, listPeople, setQuota, suspendPerson, unsuspendPerson } from './admin-people.service';

export interface AdminRoutesOptions {
  db: Database;
  queue: JobQueue;
  storageQuotaBytes: number;
  signup: SignupMode;
  demo: { enabled: boolean; ttlHours: number };
}

const tags = ['admin'];
const ADMINS_ONLY =
  'Instance admins only (ADMIN_USERS, decision 0445); anyone else, signed out included, gets 404.';

/** The instance admin's console (issue 28, decision 0445). Thin: the services hold the rules. */
export async function adminRoutes(fastify: FastifyInstance, opts: AdminRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = opts;
  const admins = app.instanceAdmins;
  const preHandler = app.requireAdmin;

  app.get(
    '/api/admin/overview',
    {
      preHandler,
      schema: {
        summary: 'Storage totals, people, demo accounts and the sign-up mode',
        description: ADMINS_ONLY,
        tags,
        response: { 200: adminOverviewSchema },
      },
    },
    async () => instanceOverview(db, opts.demo, opts.signup),
  );

  app.get(
    '/api/admin/people',
    {
      preHandler,
      schema: {
        summary: 'People, searched by name, username or email, newest first',
        description: ADMINS_ONLY,
        tags,
        querystring: adminPeopleQuerySchema,
        response: { 200: adminPeopleSchema },
      },
    },
    async (request) => listPeople(db, admins, request.query, opts.storageQuotaBytes),
  );

  app.post(
    '/api/admin/people/:id/suspend',
    {
      preHandler,
      schema: {
        summary: 'Suspend a person',
        description: `${ADMINS_ONLY} Every session of theirs ends at once; they cannot sign in, their API keys and app passwords are refused, and nothing of theirs is shown to anyone. Nothing is deleted. Admins named by ADMIN_USERS, and the caller, cannot be suspended (409).`,
        tags,
        params: adminUserParamsSchema,
        body: suspendBodySchema,
        response: { 200: adminPersonSchema },
      },
    },
    async (request) => suspendPerson(db, admins, request.params.id, userOf(request).id, request.body.reason),
  );

  app.post(
    '/api/admin/people/:id/unsuspend',
    {
      preHandler,
      schema: {
        summary: 'Lift a suspension',
        description: ADMINS_ONLY,
        tags,
        params: adminUserParamsSchema,
        response: { 200: adminPersonSchema },
      },
    },
    async (request) => unsuspendPerson(db, admins, request.params.id),
  );

  app.put(
    '/api/admin/people/:id/quota',
    {
      preHandler,
      schema: {
        summary: "Set a person's storage quota",
        description: `${ADMINS_ONLY} null: the instance default (STORAGE_QUOTA_BYTES) again; 0: unlimited.`,
        tags,
        params: adminUserParamsSchema,
        body: quotaBodySchema,
        response: { 200: adminPersonSchema },
      },
    },
    async (request) => setQuota(db, admins, request.params.id, request.body.quotaBytes),
  );

  app.delete(
    '/api/admin/people/:id',
    {
      preHandler,
      schema: {
        summary: "Delete a person's account",
        description: `${ADMINS_ONLY} The same deletion as a person deleting their own account (decision 0420), confirmed by their username (or id when they have none). Admins and the caller: 409.`,
        tags,
        params: adminUserParamsSchema,
        body: adminDeleteBodySchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deletePerson(db, admins, request.params.id, userOf(request).id, request.body.confirm);
      await app.kickBlobDeletions();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/jobs',
    {
      preHandler,
      schema: {
        summary: 'Media jobs: counts per queue and state, and the tracks whose processing failed',
        description: ADMINS_ONLY,
        tags,
        response: { 200: adminJobsSchema },
      },
    },
    async () => {
      const [counts, failed] = await Promise.all([jobCounts(db), failedTracks(db)]);
      return { counts, failedTracks: failed };
    },
  );

  app.post(
    '/api/admin/tracks/:trackId/retry',
    {
      preHandler,
      schema: {
        summary: "Queue a failed track's processing again",
        description: `${ADMINS_ONLY} 409 unless its processing failed.`,
        tags,
        params: adminTrackParamsSchema,
        response: { 204: z.null().describe('Queued') },
      },
    },
    async (request, reply) => {
      await retryFailedTrack(db, queue, request.params.trackId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/demo/sweep',
    {
      preHandler,
      schema: {
        summary: 'Remove expired demo accounts now',
        description: `${ADMINS_ONLY} The periodic demo sweep, run at once: accounts older than DEMO_TTL_HOURS go.`,
        tags,
        response: { 200: sweepResultSchema },
      },
    },
    async () => ({ removed: await app.sweepDemoAccounts() }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { versionNumberParam } from '../../../shared/schemas/track-versions';
import {
  setVersionStatusBodySchema,
  trackReviewSummariesSchema,
  versionStatusesSchema,
} from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { collectiveReviewSummaries, journalReviewSummaries } from './review-summary.service';
import { getVersionStatuses, setVersionStatus } from './version-status.service';

const versionParams = z.object({ id: idParam(), version: versionNumberParam() });
const STATUS_PATH = '/api/tracks/:id/versions/:version/status';

/**
 * Where each version stands and what is left to do on it (issue 44, decisions 0650, 0653): the
 * statuses of a version, and the rows' summaries (status, verdicts, open threads) beside the lists.
 */
export async function versionReviewRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    STATUS_PATH,
    {
      schema: {
        summary: "A version's statuses: the owner's, then each collective's verdict",
        description:
          'The owner sees every collective the track is shared into, a member their own collectives. 404 unless the caller owns the track or is a member of a collective it is shared into, and for a version the track does not have.',
        tags: ['tracks'],
        params: versionParams,
        response: { 200: versionStatusesSchema },
      },
    },
    async (request) => getVersionStatuses(db, request.params.id, request.params.version, userOf(request).id),
  );

  app.put(
    STATUS_PATH,
    {
      schema: {
        summary: 'Say where a version stands',
        description:
          "Without `collectiveId`: the owner's status (`in_progress` or `in_review`, the owner only). With it: that collective's verdict (`changes_requested` or `approved`), any member but the track's owner (decision 0650). 403 for a status the caller's role may not set; 404 as the GET, and for a collective the caller is not in or the track is not shared into.",
        tags: ['tracks'],
        params: versionParams,
        body: setVersionStatusBodySchema,
        response: { 200: versionStatusesSchema },
      },
    },
    async (request) =>
      setVersionStatus(db, request.params.id, request.params.version, userOf(request).id, request.body),
  );

  app.get(
    '/api/tracks/review',
    {
      schema: {
        summary: "Your tracks' review summaries: the current version's status, verdicts and open threads",
        description:
          'Only tracks with a status set or an open thread are listed (others: in progress, none open). Served apart from the track list (decision 0653).',
        tags: ['tracks'],
        response: { 200: trackReviewSummariesSchema },
      },
    },
    async (request) => ({ items: await journalReviewSummaries(db, userOf(request).id) }),
  );

  app.get(
    '/api/collectives/:id/review',
    {
      schema: {
        summary:
          'The review summaries of the tracks shared into a collective (its verdicts and open threads)',
        description: 'Members only, 404 otherwise.',
        tags: ['collectives'],
        params: z.object({ id: idParam() }),
        response: { 200: trackReviewSummariesSchema },
      },
    },
    async (request) => ({
      items: await collectiveReviewSummaries(db, request.params.id, userOf(request).id),
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReportListSchema,
  createReportBodySchema,
  reportActionResultSchema,
  reportListQuerySchema,
  reportParamsSchema,
  reportReceiptSchema,
} from '../../../shared/schemas/reports';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { createReport, dismissReported, hideReported, listReports, unhideReported } from './reports.service';

const ADMINS_ONLY =
  'Instance admins only (ADMIN_USERS, decision 0445); anyone else, signed out included, gets 404.';

/** Reports and the admins' moderation queue (issue 28, decision 0455). Thin: the service holds the rules. */
export async function reportsRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post(
    '/api/reports',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Report a track, a comment, a profile or an equipment page to the instance admins',
        description:
          'Signed in. The target must be something the caller can see (else 404, saying nothing more) ' +
          'and not their own (400). One open report per person and target: a second answers 409.',
        tags: ['reports'],
        body: createReportBodySchema,
        response: { 201: reportReceiptSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createReport(db, userOf(request).id, request.body)),
  );

  const preHandler = app.requireAdmin;
  const tags = ['admin'];

  app.get(
    '/api/admin/reports',
    {
      preHandler,
      schema: {
        summary: 'The moderation queue: open reports (oldest first) or resolved ones (newest first)',
        description: `${ADMINS_ONLY} Each report names its target (kind, excerpt, author, where to open it), the reason, note, reporter and how many reports the same target has.`,
        tags,
        querystring: reportListQuerySchema,
        response: { 200: adminReportListSchema },
      },
    },
    async (request) => ({ items: await listReports(db, request.query.state) }),
  );

  app.post(
    '/api/admin/reports/:id/hide',
    {
      preHandler,
      schema: {
        summary: 'Hide the reported content and resolve every open report on it',
        description: `${ADMINS_ONLY} A comment's words are then shown to its author only (others read "This comment was hidden by a moderator"; a playlist comment leaves their list); a track or a profile answers 404 to everyone but its owner. Equipment pages cannot be hidden (400): edit or revert them. The author gets a content_hidden inbox notice.`,
        tags,
        params: reportParamsSchema,
        response: { 200: reportActionResultSchema },
      },
    },
    async (request) => hideReported(db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/admin/reports/:id/dismiss',
    {
      preHandler,
      schema: {
        summary: 'Dismiss every open report on the same target',
        description: `${ADMINS_ONLY} Nothing else changes.`,
        tags,
        params: reportParamsSchema,
        response: { 200: reportActionResultSchema },
      },
    },
    async (request) => dismissReported(db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/admin/reports/:id/unhide',
    {
      preHandler,
      schema: {
        summary: 'Show the reported content again',
        description: `${ADMINS_ONLY} Its reports stay resolved.`,
        tags,
        params: reportParamsSchema,
        response: { 200: reportActionResultSchema },
      },
    },
    async (request) => unhideReported(db, request.params.id),
  );
}

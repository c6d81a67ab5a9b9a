import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadBodySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  updatePreferencesBodySchema,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { listNotifications } from './inbox.service';
import { getPreferences, markRead, updatePreferences } from './notifications.service';

/** The signed-in person's own inbox and its settings: nobody reads another's (issue 14). */
export async function notificationsRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'Your notifications, newest first, and the unread count',
        tags: ['notifications'],
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(db, userOf(request).id),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        summary: 'Mark notifications read: the ids given, or all with {}',
        tags: ['notifications'],
        body: markReadBodySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => markRead(db, userOf(request).id, request.body.ids),
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        summary: 'Which kinds of notification you get',
        tags: ['notifications'],
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => getPreferences(db, userOf(request).id),
  );

  app.patch(
    '/api/notifications/preferences',
    {
      schema: {
        summary: 'Turn kinds of notification on or off',
        tags: ['notifications'],
        body: updatePreferencesBodySchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => updatePreferences(db, userOf(request).id, request.body),
  );
}

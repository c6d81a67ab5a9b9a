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
import { getPreferences, listNotifications, markRead, updatePreferences } from './notifications.service';

/** The signed-in person's own inbox and its settings: nobody reads another's (issue 14). */
export async function notificationsRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get('/api/notifications', { schema: { response: { 200: notificationListSchema } } }, async (request) =>
    listNotifications(db, userOf(request).id),
  );

  app.post(
    '/api/notifications/read',
    { schema: { body: markReadBodySchema, response: { 200: notificationListSchema } } },
    async (request) => markRead(db, userOf(request).id, request.body.ids),
  );

  app.get(
    '/api/notifications/preferences',
    { schema: { response: { 200: notificationPreferencesSchema } } },
    async (request) => getPreferences(db, userOf(request).id),
  );

  app.patch(
    '/api/notifications/preferences',
    { schema: { body: updatePreferencesBodySchema, response: { 200: notificationPreferencesSchema } } },
    async (request) => updatePreferences(db, userOf(request).id, request.body),
  );
}

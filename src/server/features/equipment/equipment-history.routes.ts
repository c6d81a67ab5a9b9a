import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { equipmentEditParamsSchema, equipmentHistorySchema } from '../../../shared/schemas/moderation';
import { idParam } from '../../../shared/schemas/primitives';
import { equipmentDetailSchema } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { listEquipmentHistory, revertEquipmentEdit } from './equipment-history.service';
import { getEquipmentDetail } from './equipment-page.service';

const tags = ['equipment'];

/** An equipment page's edit history and the admins' revert (issue 28, decision 0450). */
export async function equipmentHistoryRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/api/equipment/:id/history',
    {
      schema: {
        summary: "An equipment page's edit history, newest first",
        description: 'For whoever may see the page. An editor whose account is gone has `user: null`.',
        tags,
        params: z.object({ id: idParam() }),
        response: { 200: equipmentHistorySchema },
      },
    },
    async (request) =>
      listEquipmentHistory(db, request.params.id, await app.instanceAdmins.has(userOf(request))),
  );

  app.post(
    '/api/equipment/:id/history/:editId/revert',
    {
      schema: {
        summary: 'Restore the fields as they were before an edit (instance admins)',
        description:
          'Recorded as a new edit. Anyone but an instance admin gets the 404 an unknown edit gets. ' +
          'A replaced picture cannot be restored (409).',
        tags,
        params: equipmentEditParamsSchema,
        response: { 200: equipmentDetailSchema },
      },
    },
    async (request) => {
      const { id, editId } = request.params;
      const me = userOf(request);
      await revertEquipmentEdit(db, id, editId, me, await app.instanceAdmins.has(me));
      return getEquipmentDetail(db, id, userOf(request).id);
    },
  );
}

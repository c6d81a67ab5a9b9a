import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EQUIPMENT_CATEGORIES } from '../../../shared/constants';
import { commentBodySchema } from '../../../shared/schemas/collectives';
import { idParam } from '../../../shared/schemas/primitives';
import {
  addTrackEquipmentBodySchema,
  createEquipmentBodySchema,
  equipmentCommentSchema,
  equipmentDetailSchema,
  equipmentSearchQuerySchema,
  equipmentTagSchema,
  equipmentTrackSchema,
  updateEquipmentBodySchema,
} from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { commitImage, receiveImage } from '../../media/image-upload';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import {
  addTrackEquipment,
  findOrCreateEquipment,
  listTrackEquipment,
  removeTrackEquipment,
  searchEquipment,
} from './equipment.service';
import {
  addEquipmentComment,
  getEquipmentDetail,
  listEquipmentComments,
  listEquipmentTracks,
  replaceEquipmentImage,
  requireEquipmentEditor,
  updateEquipment,
} from './equipment-page.service';

const idParams = z.object({ id: idParam() });
const trackTagParams = z.object({
  id: idParam(),
  equipmentId: idParam(),
});

export async function equipmentRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; store: BlobStore; tempDir: string },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = { preHandler: app.requireUser };

  app.get(
    '/api/equipment/search',
    {
      ...signedIn,
      schema: {
        querystring: equipmentSearchQuerySchema,
        response: { 200: z.array(equipmentTagSchema) },
      },
    },
    async (request) => searchEquipment(db, request.query.q),
  );

  app.get('/api/equipment/categories', signedIn, async () => EQUIPMENT_CATEGORIES);

  app.post(
    '/api/equipment',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        body: createEquipmentBodySchema,
        response: { 200: equipmentTagSchema, 201: equipmentTagSchema },
      },
    },
    async (request, reply) => {
      const { tag, created } = await findOrCreateEquipment(db, request.body.name);
      return reply.code(created ? 201 : 200).send(tag);
    },
  );

  app.get(
    '/api/equipment/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: equipmentDetailSchema } } },
    async (request) => getEquipmentDetail(db, request.params.id, userOf(request).id),
  );

  app.patch(
    '/api/equipment/:id',
    {
      ...signedIn,
      schema: { params: idParams, body: updateEquipmentBodySchema, response: { 200: equipmentDetailSchema } },
    },
    async (request) => updateEquipment(db, request.params.id, userOf(request).id, request.body),
  );

  app.post(
    '/api/equipment/:id/image',
    { preHandler: [app.requireUser, app.userRateLimit.upload], schema: { params: idParams } },
    async (request) => {
      const before = await requireEquipmentEditor(db, request.params.id, userOf(request).id);
      const imageKey = await receiveImage(request, {
        store: opts.store,
        tempDir: opts.tempDir,
        kind: 'equipment',
        fileField: 'image',
        maxBytes: 10 * 1024 * 1024,
      });
      return commitImage(request, opts.store, imageKey, () => replaceEquipmentImage(db, before.id, imageKey));
    },
  );

  app.get(
    '/api/equipment/:id/tracks',
    { ...signedIn, schema: { params: idParams, response: { 200: z.array(equipmentTrackSchema) } } },
    async (request) => listEquipmentTracks(db, request.params.id),
  );

  app.get(
    '/api/equipment/:id/comments',
    { ...signedIn, schema: { params: idParams, response: { 200: z.array(equipmentCommentSchema) } } },
    async (request) => listEquipmentComments(db, request.params.id),
  );

  app.post(
    '/api/equipment/:id/comments',
    {
      preHandler: [app.requireUser, app.userRateLimit.comment],
      schema: { params: idParams, body: commentBodySchema, response: { 201: equipmentCommentSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addEquipmentComment(db, request.params.id, userOf(request).id, request.body.content)),
  );

  // Public with the track (decision 0012): whoever may stream it, signed in or not, sees its gear.
  app.get(
    '/api/tracks/:id/equipment',
    { schema: { params: idParams, response: { 200: z.array(equipmentTagSchema) } } },
    async (request) => listTrackEquipment(db, request.params.id, request.session.userId ?? null),
  );

  app.post(
    '/api/tracks/:id/equipment',
    {
      ...signedIn,
      schema: { params: idParams, body: addTrackEquipmentBodySchema, response: { 201: equipmentTagSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addTrackEquipment(db, request.params.id, userOf(request).id, request.body.equipmentTagId),
        ),
  );

  app.delete(
    '/api/tracks/:id/equipment/:equipmentId',
    { ...signedIn, schema: { params: trackTagParams } },
    async (request) => {
      await removeTrackEquipment(db, request.params.id, userOf(request).id, request.params.equipmentId);
      return { success: true };
    },
  );
}

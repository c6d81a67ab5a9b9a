import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EQUIPMENT_CATEGORIES } from '../../../shared/constants';
import { commentBodySchema } from '../../../shared/schemas/collectives';
import { successSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import {
  addTrackEquipmentBodySchema,
  createEquipmentBodySchema,
  EQUIPMENT_TRACKS_LIMIT,
  equipmentCommentSchema,
  equipmentDetailSchema,
  equipmentSearchQuerySchema,
  equipmentTagSchema,
  equipmentTrackPageSchema,
  equipmentTrackSchema,
  equipmentTracksQuerySchema,
  updateEquipmentBodySchema,
} from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { commitImage, receiveImage } from '../../media/image-upload';
import { uploadForm } from '../../openapi/multipart';
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
  equipmentTracksPage,
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
const tags = ['equipment'];
const imageReplySchema = z.object({ imageUrl: z.string() });

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
        summary: 'Search equipment tags by name',
        tags,
        querystring: equipmentSearchQuerySchema,
        response: { 200: z.array(equipmentTagSchema) },
      },
    },
    async (request) => searchEquipment(db, request.query.q),
  );

  app.get(
    '/api/equipment/categories',
    {
      ...signedIn,
      schema: {
        summary: 'The equipment categories',
        tags,
        response: { 200: z.array(z.enum(EQUIPMENT_CATEGORIES)) },
      },
    },
    async () => [...EQUIPMENT_CATEGORIES],
  );

  app.post(
    '/api/equipment',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Find or create an equipment tag by name',
        description: '201 when it was created, 200 when a tag of that name already existed.',
        tags,
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
    {
      ...signedIn,
      schema: {
        summary: "An equipment tag's page",
        tags,
        params: idParams,
        response: { 200: equipmentDetailSchema },
      },
    },
    async (request) => getEquipmentDetail(db, request.params.id, userOf(request).id),
  );

  app.patch(
    '/api/equipment/:id',
    {
      ...signedIn,
      schema: {
        summary: 'Edit an equipment tag',
        tags,
        params: idParams,
        body: updateEquipmentBodySchema,
        response: { 200: equipmentDetailSchema },
      },
    },
    async (request) => updateEquipment(db, request.params.id, userOf(request).id, request.body),
  );

  app.post(
    '/api/equipment/:id/image',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: {
        summary: "Replace an equipment tag's image",
        tags,
        params: idParams,
        multipartBody: uploadForm('image', 'A JPEG, PNG, GIF or WebP image, at most 10 MB'),
        response: { 200: imageReplySchema },
      },
    },
    async (request) => {
      const before = await requireEquipmentEditor(db, request.params.id, userOf(request).id);
      const imageKey = await receiveImage(request, {
        store: opts.store,
        tempDir: opts.tempDir,
        kind: 'equipment',
        fileField: 'image',
        maxBytes: 10 * 1024 * 1024,
      });
      return commitImage(request, opts.store, imageKey, () =>
        replaceEquipmentImage(db, before.id, userOf(request).id, imageKey),
      );
    },
  );

  app.get(
    '/api/equipment/:id/tracks',
    {
      ...signedIn,
      schema: {
        summary: 'The public tracks that use an equipment tag',
        description: `Newest first (upload time, then the highest id). With \`limit\` (${EQUIPMENT_TRACKS_LIMIT.min}–${EQUIPMENT_TRACKS_LIMIT.max}): one page and the \`nextCursor\` to pass as \`cursor\` for the next (null on the last page). Without \`limit\`: a plain array of at most the ${EQUIPMENT_TRACKS_LIMIT.unpaged} newest tracks (until issue 48 it held every track); the rest is read in pages.`,
        tags,
        params: idParams,
        querystring: equipmentTracksQuerySchema,
        response: { 200: z.union([z.array(equipmentTrackSchema), equipmentTrackPageSchema]) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const viewerId = userOf(request).id;
      // Written by PostgreSQL (decision 0949); the zod schema above still documents the reply.
      const json =
        limit === undefined
          ? await listEquipmentTracks(db, request.params.id, viewerId)
          : await equipmentTracksPage(db, request.params.id, viewerId, limit, cursor);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/api/equipment/:id/comments',
    {
      ...signedIn,
      schema: {
        summary: "The comments on an equipment tag's page",
        description:
          'A comment hidden by a moderator (decision 0580) is listed for its author only, marked hidden.',
        tags,
        params: idParams,
        response: { 200: z.array(equipmentCommentSchema) },
      },
    },
    async (request) => listEquipmentComments(db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/equipment/:id/comments',
    {
      preHandler: [app.requireUser, app.userRateLimit.comment],
      schema: {
        summary: "Comment on an equipment tag's page",
        tags,
        params: idParams,
        body: commentBodySchema,
        response: { 201: equipmentCommentSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addEquipmentComment(db, request.params.id, userOf(request).id, request.body.content)),
  );

  // Public with the track (decision 0012): whoever may stream it, signed in or not, sees its gear.
  app.get(
    '/api/tracks/:id/equipment',
    {
      schema: {
        summary: "A track's equipment",
        description: 'For whoever may listen to the track, signed in or not.',
        tags,
        params: idParams,
        response: { 200: z.array(equipmentTagSchema) },
      },
    },
    async (request) => listTrackEquipment(db, request.params.id, request.session.userId ?? null),
  );

  app.post(
    '/api/tracks/:id/equipment',
    {
      ...signedIn,
      schema: {
        summary: 'Tag one of your tracks with equipment',
        tags,
        params: idParams,
        body: addTrackEquipmentBodySchema,
        response: { 201: equipmentTagSchema },
      },
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
    {
      ...signedIn,
      schema: {
        summary: 'Remove an equipment tag from one of your tracks',
        tags,
        params: trackTagParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await removeTrackEquipment(db, request.params.id, userOf(request).id, request.params.equipmentId);
      return { success: true as const };
    },
  );
}

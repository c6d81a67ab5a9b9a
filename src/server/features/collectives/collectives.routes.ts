import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import {
  COLLECTIVE_ROLES,
  collectiveCommentSchema,
  collectiveMemberSchema,
  collectivePlaylistDetailSchema,
  collectivePlaylistSchema,
  collectiveSchema,
  collectiveWithRoleSchema,
  commentBodySchema,
  createCollectiveBodySchema,
  transferOwnershipBodySchema,
  updateCollectiveBodySchema,
  updateMemberBodySchema,
} from '../../../shared/schemas/collectives';
import { successSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { commitImage, receiveImage } from '../../media/image-upload';
import { uploadForm } from '../../openapi/multipart';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import {
  addComment,
  getCollectivePlaylist,
  listCollectivePlaylists,
  listComments,
} from './collective-playlists.service';
import {
  createCollective,
  getCollective,
  listCollectivesForUser,
  listMembers,
  replaceCollectiveImage,
  requireOwner,
  updateCollective,
} from './collectives.service';
import { deleteCollective, removeMember, transferOwnership, updateMemberRole } from './members.service';

const idParams = z.object({ id: idParam() });
const playlistParams = idParams.extend({ playlistId: idParam() });
const tags = ['collectives'];
const memberParams = idParams.extend({ userId: z.string().min(1).max(200) });

/** Spec section 5: collective avatars are at most 5 MB and JPEG, PNG, GIF or WebP (as every image is). */
const AVATAR_RULES = {
  maxBytes: LIMITS.avatarBytes,
  tooLargeMessage: 'Avatar must be less than 5MB',
  notAnImageMessage: 'Please upload a valid image file',
} as const;

export async function collectivesRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; store: BlobStore; tempDir: string },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/api/collectives',
    {
      schema: {
        summary: 'List the collectives you belong to',
        tags,
        response: { 200: z.array(collectiveSchema) },
      },
    },
    async (request) => listCollectivesForUser(db, userOf(request).id),
  );

  app.post(
    '/api/collectives',
    {
      preHandler: app.userRateLimit.create,
      schema: {
        summary: 'Create a collective (you become its owner)',
        tags,
        body: createCollectiveBodySchema,
        response: { 201: collectiveSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCollective(db, userOf(request).id, request.body)),
  );

  app.get(
    '/api/collectives/:id',
    {
      schema: {
        summary: 'A collective, with your role in it',
        tags,
        params: idParams,
        response: { 200: collectiveWithRoleSchema },
      },
    },
    async (request) => getCollective(db, request.params.id, userOf(request).id),
  );

  app.patch(
    '/api/collectives/:id',
    {
      schema: {
        summary: 'Edit a collective (owner only)',
        tags,
        params: idParams,
        body: updateCollectiveBodySchema,
        response: { 200: collectiveSchema },
      },
    },
    async (request) => updateCollective(db, request.params.id, userOf(request).id, request.body),
  );

  app.delete(
    '/api/collectives/:id',
    {
      schema: {
        summary: 'Delete a collective (owner only)',
        tags,
        params: idParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await deleteCollective(db, request.params.id, userOf(request).id);
      return { success: true as const };
    },
  );

  app.patch(
    '/api/collectives/:id/members/:userId',
    {
      schema: {
        summary: "Change a member's role (owner and admins)",
        tags,
        params: memberParams,
        body: updateMemberBodySchema,
        response: { 200: z.object({ userId: z.string(), role: z.enum(COLLECTIVE_ROLES) }) },
      },
    },
    async (request) =>
      updateMemberRole(db, request.params.id, userOf(request).id, request.params.userId, request.body.role),
  );

  // With the caller's own id this is leaving (the HTTP contract of issue 13).
  app.delete(
    '/api/collectives/:id/members/:userId',
    {
      schema: {
        summary: 'Remove a member; with your own id, leave the collective',
        tags,
        params: memberParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await removeMember(db, request.params.id, userOf(request).id, request.params.userId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/collectives/:id/transfer',
    {
      schema: {
        summary: 'Transfer ownership to another member (owner only)',
        tags,
        params: idParams,
        body: transferOwnershipBodySchema,
        response: { 200: collectiveWithRoleSchema },
      },
    },
    async (request) => transferOwnership(db, request.params.id, userOf(request).id, request.body.userId),
  );

  app.post(
    '/api/collectives/:id/avatar',
    {
      preHandler: app.userRateLimit.upload,
      schema: {
        summary: "Replace a collective's avatar (owner only)",
        tags,
        params: idParams,
        multipartBody: uploadForm('avatar', 'A JPEG, PNG, GIF or WebP image, at most 5 MB'),
        response: { 200: collectiveSchema },
      },
    },
    async (request) => {
      const before = await requireOwner(db, request.params.id, userOf(request).id);
      const imageKey = await receiveImage(request, {
        store,
        tempDir: opts.tempDir,
        kind: 'collectives',
        fileField: 'avatar',
        ...AVATAR_RULES,
      });
      return commitImage(request, store, imageKey, () => replaceCollectiveImage(db, before.id, imageKey));
    },
  );

  app.get(
    '/api/collectives/:id/members',
    {
      schema: {
        summary: "A collective's members",
        tags,
        params: idParams,
        response: { 200: z.array(collectiveMemberSchema) },
      },
    },
    async (request) => listMembers(db, request.params.id, userOf(request).id),
  );

  app.get(
    '/api/collectives/:id/playlists',
    {
      schema: {
        summary: 'The playlists shared with a collective',
        tags,
        params: idParams,
        response: { 200: z.array(collectivePlaylistSchema) },
      },
    },
    async (request) => listCollectivePlaylists(db, request.params.id, userOf(request).id),
  );

  app.get(
    '/api/collectives/:id/playlists/:playlistId',
    {
      schema: {
        summary: 'A playlist shared with a collective, with its tracks',
        tags,
        params: playlistParams,
        response: { 200: collectivePlaylistDetailSchema },
      },
    },
    async (request) =>
      getCollectivePlaylist(db, request.params.id, request.params.playlistId, userOf(request).id),
  );

  app.get(
    '/api/collectives/:id/playlists/:playlistId/comments',
    {
      schema: {
        summary: "The comments on a collective's playlist",
        tags,
        params: playlistParams,
        response: { 200: z.array(collectiveCommentSchema) },
      },
    },
    async (request) => listComments(db, request.params.id, request.params.playlistId, userOf(request).id),
  );

  app.post(
    '/api/collectives/:id/playlists/:playlistId/comments',
    {
      preHandler: app.userRateLimit.comment,
      schema: {
        summary: "Comment on a collective's playlist",
        tags,
        params: playlistParams,
        body: commentBodySchema,
        response: { 201: collectiveCommentSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addComment(
            db,
            request.params.id,
            request.params.playlistId,
            userOf(request).id,
            request.body.content,
          ),
        ),
  );
}

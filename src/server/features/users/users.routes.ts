import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUserSchema } from '../../../shared/schemas/auth';
import {
  fieldErrorsMessage,
  profileRefusalSchema,
  publicProfileSchema,
  publicUserParamsSchema,
  updatePrivacyBodySchema,
  updateProfileBodySchema,
} from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { commitImage, receiveImage } from '../../media/image-upload';
import { imageUrlOf } from '../../media/image-url';
import { uploadForm } from '../../openapi/multipart';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import { getPublicProfile, replaceAvatar, saveProfile, updatePrivacy } from './profile.service';
import { toAuthUser } from './users.service';

/** The spec shows 5 MB on the profile avatar hint but does not enforce it; the server still bounds it. */
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const tags = ['users'];

export async function usersRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; store: BlobStore; tempDir: string },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  const signedIn = { preHandler: app.requireUser };

  app.patch(
    '/api/user/privacy',
    {
      ...signedIn,
      schema: {
        summary: 'Make your profile public or private',
        tags,
        body: updatePrivacyBodySchema,
        response: { 200: authUserSchema },
      },
    },
    async (request) =>
      toAuthUser(
        await updatePrivacy(db, userOf(request).id, request.body.isPublic),
        await app.instanceAdmins.roster(),
      ),
  );

  app.patch(
    '/api/user/profile',
    {
      ...signedIn,
      schema: {
        summary: 'Edit your profile (username, bio, social links)',
        description:
          'Each field is checked on its own: the valid ones are saved. When some are refused the ' +
          'answer is 422 with a message for each (`fieldErrors`, e.g. `socialLinks.instagram`) and ' +
          'the profile as saved (`user`). Social links may be handles (`@you`, `you`) or addresses; ' +
          "they are saved as the network's profile URL.",
        tags,
        body: updateProfileBodySchema,
        response: { 200: authUserSchema, 422: profileRefusalSchema },
      },
    },
    async (request, reply) => {
      const { user, fieldErrors } = await saveProfile(db, userOf(request).id, request.body);
      const saved = toAuthUser(user, await app.instanceAdmins.roster());
      if (Object.keys(fieldErrors).length === 0) return saved;
      return reply.code(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: fieldErrorsMessage(fieldErrors),
        fieldErrors,
        user: saved,
      });
    },
  );

  app.post(
    '/api/user/avatar',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: {
        summary: 'Replace your avatar',
        tags,
        multipartBody: uploadForm('avatar', 'A JPEG, PNG, GIF or WebP image, at most 10 MB'),
        response: { 200: z.object({ avatarUrl: z.string(), updatedAt: z.string() }) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const avatarKey = await receiveImage(request, {
        store,
        tempDir: opts.tempDir,
        kind: 'avatars',
        fileField: 'avatar',
        maxBytes: AVATAR_MAX_BYTES,
      });
      const user = await commitImage(request, store, avatarKey, () => replaceAvatar(db, me.id, avatarKey));
      return { avatarUrl: imageUrlOf(avatarKey), updatedAt: user.updatedAt.toISOString() };
    },
  );

  // No sign-in: public profiles are for everyone. Private and missing answer the same 404, and so does
  // a profile whose owner blocked the signed-in viewer (decision 0450).
  app.get(
    '/api/public/users/:userId',
    {
      schema: {
        summary: "A person's public profile and public tracks",
        description:
          'No sign-in needed. A private profile and a missing one answer the same 404, as does, signed in, ' +
          'the profile of someone who blocked you.',
        tags,
        params: publicUserParamsSchema,
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => getPublicProfile(db, request.params.userId, request.session.userId ?? null),
  );
}

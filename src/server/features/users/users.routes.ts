import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUserSchema } from '../../../shared/schemas/auth';
import {
  publicProfileSchema,
  publicUserParamsSchema,
  updatePrivacyBodySchema,
  updateProfileBodySchema,
} from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { commitImage, receiveImage } from '../../media/image-upload';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import { imageUrlOf } from '../images/image-url';
import { getPublicProfile, replaceAvatar, updatePrivacy, updateProfile } from './profile.service';
import { toAuthUser } from './users.service';

/** The spec shows 5 MB on the profile avatar hint but does not enforce it; the server still bounds it. */
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export async function usersRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; store: BlobStore; tempDir: string },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store } = opts;
  const signedIn = { preHandler: app.requireUser };

  app.patch(
    '/api/user/privacy',
    { ...signedIn, schema: { body: updatePrivacyBodySchema, response: { 200: authUserSchema } } },
    async (request) => toAuthUser(await updatePrivacy(db, userOf(request).id, request.body.isPublic)),
  );

  app.patch(
    '/api/user/profile',
    { ...signedIn, schema: { body: updateProfileBodySchema, response: { 200: authUserSchema } } },
    async (request) => toAuthUser(await updateProfile(db, userOf(request).id, request.body)),
  );

  app.post(
    '/api/user/avatar',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: { response: { 200: z.object({ avatarUrl: z.string(), updatedAt: z.string() }) } },
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

  // No sign-in: public profiles are for everyone. Private and missing answer the same 404.
  app.get(
    '/api/public/users/:userId',
    {
      schema: {
        params: publicUserParamsSchema,
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => getPublicProfile(db, request.params.userId),
  );
}

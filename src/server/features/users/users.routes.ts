import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUserSchema } from '../../../shared/schemas/auth';
import {
  fieldErrorsMessage,
  PUBLIC_PROFILE_TRACKS,
  profileRefusalSchema,
  publicProfileSchema,
  publicProfileTrackPageSchema,
  publicProfileTracksQuerySchema,
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
import {
  getPublicProfile,
  getPublicProfileTracks,
  replaceAvatar,
  saveProfile,
  updatePrivacy,
} from './profile.service';
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
          'the profile of someone who blocked you. `tracks` holds the newest ' +
          `${PUBLIC_PROFILE_TRACKS.first} public tracks (until issue 48 it held every one), \`trackCount\` ` +
          `how many there are, counted up to ${PUBLIC_PROFILE_TRACKS.counted} (\`trackCountCapped\` is true when ` +
          'there are more), and `nextCursor` (null when that is all) reads on at GET …/tracks.',
        tags,
        params: publicUserParamsSchema,
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => getPublicProfile(db, request.params.userId, request.session.userId ?? null),
  );

  app.get(
    '/api/public/users/:userId/tracks',
    {
      schema: {
        summary: "A page of a person's public tracks",
        description: `Newest first (upload time, then the highest id), as the profile's \`tracks\`: \`limit\` (${PUBLIC_PROFILE_TRACKS.min}–${PUBLIC_PROFILE_TRACKS.max}, default ${PUBLIC_PROFILE_TRACKS.first}) tracks after \`cursor\` (the profile's or the previous page's \`nextCursor\`; none: from the newest), and the \`nextCursor\` of the next page (null on the last). Who may read it is who may read the profile: else the same 404.`,
        tags,
        params: publicUserParamsSchema,
        querystring: publicProfileTracksQuerySchema,
        response: { 200: publicProfileTrackPageSchema },
      },
    },
    async (request) =>
      getPublicProfileTracks(
        db,
        request.params.userId,
        request.session.userId ?? null,
        request.query.limit,
        request.query.cursor,
      ),
  );
}

import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGuestCommentBodySchema,
  guestCommentSchema,
  guestCommentsPageSchema,
  guestCommentsQuerySchema,
  hideGuestCommentBodySchema,
  ownerGuestCommentSchema,
  ownerGuestReplyBodySchema,
} from '../../../shared/schemas/guest-comments';
import { idParam } from '../../../shared/schemas/primitives';
import { passwordRequiredSchema } from '../../../shared/schemas/share-passwords';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { HttpError } from '../../plugins/errors';
import { createGuestComment, listGuestThreads, requireReviewTrack } from './guest-comments.service';
import {
  deleteGuestComment,
  listOwnerGuestComments,
  replyAsOwner,
  setGuestCommentHidden,
} from './guest-comments-owner.service';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { findLinkByToken } from './shares.service';

/** A link's guests together, per address: 10 comments a minute (decision 0717). */
export const GUEST_COMMENT_RATE = { max: 10, timeWindow: 60_000 } as const;

const tags = ['shares'];
const tokenParams = z.object({ token: z.string() });
const trackParams = z.object({ id: idParam() });
const commentParams = trackParams.extend({ commentId: idParam() });

/**
 * Guests' timed comments through a review link (issue 45): the by-token routes a signed-out guest
 * uses (CSRF as every mutation: the session plugin checks it), and the track owner's routes.
 */
export async function guestCommentsRoutes(
  fastify: FastifyInstance,
  opts: { db: Database; cookies: LinkCookies },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, cookies } = opts;

  // Counted per link and address in the app's rate-limit store (shared by every instance): one
  // guest flooding a link is stopped, and a guest of another link is not held up by it.
  const check = app.createRateLimit({
    max: GUEST_COMMENT_RATE.max,
    timeWindow: GUEST_COMMENT_RATE.timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      `guest-comment:${(request.params as { token?: string }).token ?? ''}:ip:${request.ip}`,
  });
  const limitGuestComments: preHandlerAsyncHookHandler = async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('Retry-After', String(result.ttlInSeconds));
      throw new HttpError(
        429,
        `Too many comments: at most ${result.max} a minute. Try again in ${result.ttlInSeconds} s.`,
      );
    }
  };

  app.get(
    '/api/shares/by-token/:token/comments',
    {
      schema: {
        summary: "A review link's guest comments on one of its tracks, and who this browser is",
        description:
          "This link's threads only; a comment the owner hid is shown only to the guest who wrote it (marked hidden). `trackId`: which track of a playlist's link (default: the link's track). 404 for a link that is not a review link (it has no comments).",
        tags,
        params: tokenParams,
        querystring: guestCommentsQuerySchema,
        response: { 200: guestCommentsPageSchema, 401: passwordRequiredSchema },
      },
    },
    async (request, reply) => {
      const link = await findLinkByToken(db, request.params.token);
      requireUnlocked(cookies, request, link);
      const track = await requireReviewTrack(db, link, request.query.trackId, { reading: true });
      reply.header('cache-control', 'private, no-store');
      return listGuestThreads(db, link, track, cookies.guest(request, link));
    },
  );

  app.post(
    '/api/shares/by-token/:token/comments',
    {
      preHandler: limitGuestComments,
      schema: {
        summary: 'Comment on a moment or a range of a track, as a guest of a review link',
        description:
          "No account: the name is kept in a cookie of this link, so it is asked once. A listen or upload link: 403; commenting closed by the owner: 403; `parentId` of a comment not on this link's track: 404. At most 10 a minute per link and address.",
        tags,
        params: tokenParams,
        body: createGuestCommentBodySchema,
        response: { 201: guestCommentSchema, 401: passwordRequiredSchema },
      },
    },
    async (request, reply) => {
      const link = await findLinkByToken(db, request.params.token);
      requireUnlocked(cookies, request, link);
      const track = await requireReviewTrack(db, link, request.body.trackId);
      const signedIn = request.session?.userId;
      // Who they are on this link from now on: the id their cookie had (or a new one), this name.
      const guest = cookies.setGuest(request, reply, link, request.body.name);
      const comment = await createGuestComment(db, link, track, guest, request.body, signedIn);
      return reply.code(201).send(comment);
    },
  );

  const owner = { preHandler: app.requireUser };
  const ownerTags = ['tracks'];

  app.get(
    '/api/tracks/:id/guest-comments',
    {
      ...owner,
      schema: {
        summary: "Guests' comments on your track, through all its review links",
        description:
          "By link, then by moment, each thread's replies after it (yours are `fromOwner`). The track's owner only: 404 for anyone else.",
        tags: ownerTags,
        params: trackParams,
        response: { 200: z.array(ownerGuestCommentSchema) },
      },
    },
    async (request) => listOwnerGuestComments(db, userOf(request).id, request.params.id),
  );

  app.post(
    '/api/tracks/:id/guest-comments',
    {
      preHandler: [app.requireUser, app.userRateLimit.comment],
      schema: {
        summary: "Reply to a guest's comment on your track",
        description: "The link's guests read it under your name. Replies are one level deep.",
        tags: ownerTags,
        params: trackParams,
        body: ownerGuestReplyBodySchema,
        response: { 201: ownerGuestCommentSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await replyAsOwner(db, userOf(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/api/tracks/:id/guest-comments/:commentId',
    {
      ...owner,
      schema: {
        summary: "Hide or show again a guest's comment on your track",
        description:
          'A hidden comment is still shown to the guest who wrote it, marked hidden; to nobody else.',
        tags: ownerTags,
        params: commentParams,
        body: hideGuestCommentBodySchema,
        response: { 200: ownerGuestCommentSchema },
      },
    },
    async (request) =>
      setGuestCommentHidden(
        db,
        userOf(request).id,
        request.params.id,
        request.params.commentId,
        request.body.hidden,
      ),
  );

  app.delete(
    '/api/tracks/:id/guest-comments/:commentId',
    {
      ...owner,
      schema: {
        summary: "Delete a guest's comment on your track (a thread's replies go with it)",
        tags: ownerTags,
        params: commentParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteGuestComment(db, userOf(request).id, request.params.id, request.params.commentId);
      return reply.code(204).send(null);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInviteLinkBodySchema,
  inviteDetailsSchema,
  inviteLinkSchema,
  updateInviteLinkBodySchema,
} from '../../../shared/schemas/collectives';
import { successSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { routeRateLimit } from '../../plugins/rate-limits';
import {
  createInviteLink,
  getInviteDetails,
  joinWithInvite,
  listInviteLinks,
  revokeInviteLink,
  setInviteLinkActive,
} from './invites.service';

const collectiveParams = z.object({ id: idParam() });
const linkParams = collectiveParams.extend({ linkId: idParam() });
const codeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown invite code') });
/** Guessing codes is the attack on invite links: keep the join and lookup endpoints slow for scripts. */
const inviteRateLimit = routeRateLimit('invite');
const tags = ['invites'];
/** POST /api/invite/{code}/join: the collective joined (or already belonged to). */
const joinedSchema = z.object({ id: z.number(), name: z.string(), alreadyMember: z.boolean() });

export async function invitesRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/api/collectives/:id/invite-links',
    {
      schema: {
        summary: "A collective's invite links (owner only)",
        tags,
        params: collectiveParams,
        response: { 200: z.array(inviteLinkSchema) },
      },
    },
    async (request) => listInviteLinks(db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/collectives/:id/invite-links',
    {
      preHandler: app.userRateLimit.create,
      schema: {
        summary: 'Make an invite link (owner only)',
        tags,
        params: collectiveParams,
        body: createInviteLinkBodySchema,
        response: { 201: inviteLinkSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createInviteLink(
            db,
            request.params.id,
            userOf(request).id,
            request.body.type,
            request.body.expiresIn,
          ),
        ),
  );

  app.delete(
    '/api/collectives/:id/invite-links/:linkId',
    {
      schema: {
        summary: 'Revoke (delete) an invite link',
        tags,
        params: linkParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await revokeInviteLink(db, request.params.id, request.params.linkId, userOf(request).id);
      return { success: true as const };
    },
  );

  app.patch(
    '/api/collectives/:id/invite-links/:linkId',
    {
      schema: {
        summary: 'Switch an invite link on or off (owner only)',
        tags,
        params: linkParams,
        body: updateInviteLinkBodySchema,
        response: { 200: inviteLinkSchema },
      },
    },
    async (request) =>
      setInviteLinkActive(
        db,
        request.params.id,
        request.params.linkId,
        userOf(request).id,
        request.body.isActive,
      ),
  );

  app.get(
    '/api/invite/:code',
    {
      config: inviteRateLimit,
      schema: {
        summary: 'What an invite link leads to',
        tags,
        params: codeParams,
        response: { 200: inviteDetailsSchema },
      },
    },
    async (request) => getInviteDetails(db, request.params.code, userOf(request).id),
  );

  app.post(
    '/api/invite/:code/join',
    {
      config: inviteRateLimit,
      schema: {
        summary: 'Join a collective through an invite link',
        tags,
        params: codeParams,
        response: { 200: joinedSchema },
      },
    },
    async (request) => joinWithInvite(db, request.params.code, userOf(request).id),
  );
}

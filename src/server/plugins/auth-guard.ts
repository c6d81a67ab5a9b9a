import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { findUserById, type UserRow } from '../db/user-lookup';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request by loadCurrentUser. */
    currentUser: UserRow | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user: 401 otherwise. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user of a request that passed requireUser. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new HttpError(401, 'Not signed in');
  return request.currentUser;
}

/**
 * The signed-in user's row as the database holds it now: read by this very request (with its
 * session), not taken from the access cache; undefined otherwise. For what must follow every write,
 * such as the journal's revision (decision 0490), without a second round trip.
 */
export function userReadNow(request: FastifyRequest): UserRow | undefined {
  const loaded = request.session?.loadedUser;
  return loaded?.readNow && loaded.row.id === request.currentUser?.id ? loaded.row : undefined;
}

export const authGuardPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorateRequest('currentUser', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const userId = request.session.userId;
    // Read with the session by the store's one query (decision 0067); a session signed in during
    // this request has none yet.
    const loaded = request.session.loadedUser?.row;
    const user = !userId ? undefined : loaded?.id === userId ? loaded : await findUserById(opts.db, userId);
    // A suspended person's sessions are deleted when they are suspended (decision 0445); this
    // refuses one that was still cached or in flight then.
    if (!user || user.suspendedAt) throw new HttpError(401, 'Not signed in');
    request.currentUser = user;
  });
});

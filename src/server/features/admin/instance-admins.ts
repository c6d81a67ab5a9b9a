import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { userOf } from '../../plugins/auth-guard';
import { HttpError, notFound } from '../../plugins/errors';

/** What decides whether someone is an instance admin: their email and username, never a demo. */
export interface AdminCandidate {
  email: string | null;
  username: string | null;
  isDemo: boolean;
}

/**
 * The people ADMIN_USERS names (decision 0445): an entry matches an email or a username, ignoring
 * case. A demo account never is an admin, whatever its name: anyone can get one.
 */
export class InstanceAdmins {
  private readonly names: ReadonlySet<string>;

  constructor(entries: readonly string[] = []) {
    this.names = new Set(entries.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  }

  has(user: AdminCandidate): boolean {
    if (user.isDemo) return false;
    return [user.email, user.username].some((name) => Boolean(name) && this.names.has(name!.toLowerCase()));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    instanceAdmins: InstanceAdmins;
    /**
     * preHandler of every /api/admin route: the signed-in person must be named by ADMIN_USERS. Anyone
     * else, signed out included, gets the 404 an unknown route gets: the console is not advertised.
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export const NOT_FOUND = 'Not found';

export const instanceAdminsPlugin = fp(
  async (app: FastifyInstance, opts: { adminUsers?: readonly string[] }) => {
    const admins = new InstanceAdmins(opts.adminUsers);
    app.decorate('instanceAdmins', admins);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      try {
        await app.requireUser(request);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) throw notFound(NOT_FOUND);
        throw err;
      }
      if (!admins.has(userOf(request))) throw notFound(NOT_FOUND);
    });
  },
);

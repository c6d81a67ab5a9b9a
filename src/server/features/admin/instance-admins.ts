import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_SUBJECT_PREFIX } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { userIdentities } from '../../db/schema';
import { userOf } from '../../plugins/auth-guard';
import { HttpError, notFound } from '../../plugins/errors';

/** What decides whether someone is an instance admin: their row, never a demo. */
export interface AdminCandidate {
  id: string;
  email: string | null;
  /** The issuer vouched for `email` at the last sign-in (decision 0530). */
  emailVerified: boolean;
  username: string | null;
  isDemo: boolean;
}

/** Who ADMIN_USERS names right now; `has` answers without asking the database. */
export interface AdminRoster {
  has(user: AdminCandidate): boolean;
}

/**
 * The ways one issuer may be written: the ID token's `iss` is stored as the issuer sends it, and
 * OIDC_ISSUER may differ from it by a trailing slash (openid-client compares them as URLs).
 */
function issuerSpellings(issuer: string): string[] {
  const bare = issuer.replace(/\/+$/, '');
  return [...new Set([issuer, bare, `${bare}/`])];
}

/**
 * The people ADMIN_USERS names (decisions 0445, 0530). An entry is an email, a username (both ignoring
 * case) or `sub:` and an OpenID Connect subject (case kept). An email counts only while the issuer
 * vouches for it (email_verified at the person's last sign-in): anyone can type an address into an
 * issuer that does not check it. A subject counts at the issuer this instance signs in with, since a
 * subject names a person only together with its issuer (decision 0201). A demo account never is an
 * admin, whatever its name: anyone can get one.
 */
export class InstanceAdmins {
  private readonly emails = new Set<string>();
  private readonly usernames = new Set<string>();
  private readonly subjects: string[] = [];

  constructor(
    entries: readonly string[] = [],
    private readonly identities?: { db: Database; issuer: string | undefined },
  ) {
    for (const raw of entries) {
      const entry = raw.trim();
      if (entry.toLowerCase().startsWith(ADMIN_SUBJECT_PREFIX)) {
        const subject = entry.slice(ADMIN_SUBJECT_PREFIX.length).trim();
        if (subject) this.subjects.push(subject);
      } else if (entry.includes('@')) this.emails.add(entry.toLowerCase());
      else if (entry) this.usernames.add(entry.toLowerCase());
    }
  }

  /** One query (by the identities' primary key) when ADMIN_USERS names subjects; none otherwise. */
  async roster(): Promise<AdminRoster> {
    const bySubject = await this.usersNamedBySubject();
    return {
      has: (user) => {
        if (user.isDemo) return false;
        if (bySubject.has(user.id)) return true;
        if (user.username && this.usernames.has(user.username.toLowerCase())) return true;
        return Boolean(user.email && user.emailVerified && this.emails.has(user.email.toLowerCase()));
      },
    };
  }

  async has(user: AdminCandidate): Promise<boolean> {
    return (await this.roster()).has(user);
  }

  private async usersNamedBySubject(): Promise<ReadonlySet<string>> {
    const issuer = this.identities?.issuer;
    if (this.subjects.length === 0 || !this.identities || !issuer) return new Set();
    const rows = await this.identities.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(
        and(
          inArray(userIdentities.issuer, issuerSpellings(issuer)),
          inArray(userIdentities.subject, this.subjects),
        ),
      );
    return new Set(rows.map((row) => row.userId));
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
  async (
    app: FastifyInstance,
    opts: { adminUsers?: readonly string[]; db: Database; oidcIssuer: string | undefined },
  ) => {
    const admins = new InstanceAdmins(opts.adminUsers, { db: opts.db, issuer: opts.oidcIssuer });
    app.decorate('instanceAdmins', admins);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      try {
        await app.requireUser(request);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) throw notFound(NOT_FOUND);
        throw err;
      }
      if (!(await admins.has(userOf(request)))) throw notFound(NOT_FOUND);
    });
  },
);

import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { userIdentities, users } from '../../db/schema';
import type { UserRow } from '../users/users.service';

/** Claims we read from an OpenID Connect ID token (Google's names for them). */
export interface IdentityClaims {
  /** The issuer that vouched for `sub` (checked by openid-client against the discovered one). */
  iss: string;
  sub: string;
  email?: string;
  /** The issuer vouches that `email` is this person's; anything but true counts as not (0530). */
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/**
 * The issuer migration 0008 gave the identities it made from the old ids (decision 0202): SQL did
 * not know OIDC_ISSUER. The first sign-in with such a subject claims the row for its real issuer.
 */
export const LEGACY_ISSUER = 'legacy';

/** A first sign-in that SIGNUP does not allow (decision 0445): no account is made. */
export class SignUpRefused extends Error {}

/** Thrown inside a first sign-in's transaction when another sign-in made the identity first. */
class IdentityTaken extends Error {}

/** The user an identity belongs to: its own row, or a migrated row not yet claimed by an issuer. */
async function findIdentityOwner(db: Database, iss: string, sub: string): Promise<string | undefined> {
  const [own] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, iss), eq(userIdentities.subject, sub)));
  if (own) return own.userId;
  // One UPDATE: two racing first sign-ins cannot both claim it.
  const [claimed] = await db
    .update(userIdentities)
    .set({ issuer: iss })
    .where(and(eq(userIdentities.issuer, LEGACY_ISSUER), eq(userIdentities.subject, sub)))
    .returning({ userId: userIdentities.userId });
  return claimed?.userId;
}

/**
 * Frees `email` from an account the issuer never vouched it for, so that a verified sign-in can take
 * it: otherwise whoever typed someone's address into a lax issuer first would keep it from them
 * (decision 0530). True when an account gave it up.
 */
async function releaseUnverifiedEmail(db: Database, email: string): Promise<boolean> {
  const released = await db
    .update(users)
    .set({ email: null, updatedAt: new Date() })
    .where(and(eq(users.email, email), eq(users.emailVerified, false)))
    .returning({ id: users.id });
  return released.length > 0;
}

type EmailChange = { email?: string | null; emailVerified: boolean };

/**
 * The person signing in with this identity (decision 0201): found by (issuer, subject), or made
 * with the identity on first sign-in. Email, names and picture come from the provider at every
 * sign-in; username, bio, avatar and privacy belong to the user and are never overwritten. Whether
 * the issuer verified the email is stored with it at every sign-in (decision 0530). An email another
 * account already holds is not taken from it (decision 0023) unless this sign-in's is verified and
 * the holder's is not: otherwise a new account is created without an email, and an existing one
 * keeps the email it had, no longer verified (the issuer vouches for another address now); either
 * way the person signs in.
 */
export async function userFromSignIn(
  db: Database,
  claims: IdentityClaims,
  /** Asked before a new account is made (SIGNUP, decision 0445); refused: SignUpRefused. */
  mayCreate: () => Promise<boolean> = async () => true,
): Promise<UserRow> {
  const names = {
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
    profileImageUrl: claims.picture ?? null,
  };
  const email = claims.email ?? null;
  const claimed: EmailChange = { email, emailVerified: email !== null && claims.email_verified === true };
  const withEmailFallback = async <T>(write: (change: EmailChange) => Promise<T>) => {
    try {
      return await write(claimed);
    } catch (err) {
      // The only unique column written here besides the id is the email: someone else holds it.
      if (!isUniqueViolation(err) || !email) throw err;
    }
    if (claimed.emailVerified && (await releaseUnverifiedEmail(db, email))) {
      try {
        return await write(claimed);
      } catch (err) {
        // A verified holder took it meanwhile: it keeps it.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    return write({ emailVerified: false });
  };

  const existing = await findIdentityOwner(db, claims.iss, claims.sub);
  if (existing) {
    return withEmailFallback(async (emailChange) => {
      const [row] = await db
        .update(users)
        .set({ ...names, ...emailChange, updatedAt: new Date() })
        .where(eq(users.id, existing))
        .returning();
      if (!row) throw new Error('The identity names no user');
      return row;
    });
  }

  if (!(await mayCreate())) throw new SignUpRefused();
  try {
    return await withEmailFallback((emailChange) =>
      db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ ...names, email: null, ...emailChange })
          .returning();
        if (!user) throw new Error('User insert returned nothing');
        const [made] = await tx
          .insert(userIdentities)
          .values({ issuer: claims.iss, subject: claims.sub, userId: user.id })
          .onConflictDoNothing()
          .returning();
        if (!made) throw new IdentityTaken();
        return user;
      }),
    );
  } catch (err) {
    if (!(err instanceof IdentityTaken)) throw err;
    // The same person's other first sign-in won the race (its user stands, ours rolled back).
    return userFromSignIn(db, claims, mayCreate);
  }
}

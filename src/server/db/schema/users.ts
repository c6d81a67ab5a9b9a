import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SocialLinkType } from '../../../shared/constants';
import { createdAt, updatedAt } from './columns';
import { personDocument, searchIndexOptions, searchVector, trigramOps, typoKeys } from './search-documents';

export type SocialLinks = Partial<Record<SocialLinkType, string>>;

/**
 * Every journal revision ever given, from one sequence, so a number never comes back: not after
 * concurrent writes, nor for an account deleted and made again under the same OIDC subject.
 */
export const journalRevisions = pgSequence('journal_revision_seq');

export const users = pgTable(
  'users',
  {
    // Internal ids, `u_` and 16 random base32 letters, made by the database (new_user_id(), migration
    // 0008, decision 0200): never the identity provider's subject, which lives in user_identities.
    id: text().primaryKey().default(sql`new_user_id()`),
    email: text().unique(),
    // Whether the issuer vouched for `email` (the ID token's email_verified) at the last sign-in.
    // Anything that grants rights by email (ADMIN_USERS) needs it; rows older than migration 0033
    // are false until their next sign-in says otherwise (decision 0530).
    emailVerified: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    username: text(),
    bio: text(),
    profileImageUrl: text(),
    // A storage key base (`images/avatars/<uuid>`), never a URL: replies derive it (decision 0116).
    avatarKey: text(),
    socialLinks: jsonb().$type<SocialLinks>().notNull().default({}),
    isPublic: boolean().notNull().default(false),
    isDemo: boolean().notNull().default(false),
    // Instance administration (decision 0445). Suspended: signed out everywhere, cannot sign in, and
    // nothing of theirs is shown to anyone; nothing is deleted, and unsuspending restores it all.
    suspendedAt: timestamp({ withTimezone: true, mode: 'date' }),
    suspendedReason: text(),
    /** The public profile hidden by a moderator (decision 0455): 404 to everyone but its owner. */
    profileHiddenAt: timestamp({ withTimezone: true, mode: 'date' }),
    // The person's storage quota in bytes; null: the instance's STORAGE_QUOTA_BYTES; 0: unlimited.
    quotaBytes: bigint({ mode: 'number' }),
    // Replaced by database triggers (next value of journal_revision_seq) whenever anything
    // GET /api/tracks shows of this user changes (migration 0004, decision 0084): the journal
    // list cache compares it for equality, never writes it.
    journalRevision: bigint({ mode: 'number' }).notNull().default(sql`nextval('journal_revision_seq')`),
    // Renewed with journalRevision when a track leaves the list (deleted): the list cache, which
    // otherwise reads only tracks changed since its revision, then reads every id (decision 0490).
    journalRemovalRevision: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Usernames are shown as @username in comments: unique ignoring case, so nobody can pose as another.
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    // Demo accounts, newest first: the live count, the sweep of expired ones, and the sample
    // recordings whose measures they share (decision 0918). Partial: everyone else is left out.
    index('users_demo_created_idx').on(t.createdAt).where(sql`${t.isDemo}`),
    // Search finds public profiles only (decision 0132): partial indexes hold just those.
    index('users_public_search_idx')
      .using('gin', searchVector(personDocument(t.username, t.firstName, t.lastName)))
      .with(searchIndexOptions)
      .where(sql`${t.isPublic}`),
    index('users_public_name_trgm_idx')
      .using('gin', trigramOps(personDocument(t.username, t.firstName, t.lastName)))
      .with(searchIndexOptions)
      .where(sql`${t.isPublic}`),
    index('users_public_typo_idx')
      .using('gin', typoKeys(personDocument(t.username, t.firstName, t.lastName)))
      .with(searchIndexOptions)
      .where(sql`${t.isPublic}`),
  ],
);

/**
 * Who signs in as whom (decision 0201): an identity provider's (issuer, subject) pair names one user;
 * a user may hold several (a second provider linked later). Demo accounts hold none.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text().notNull(),
    subject: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

// Same shape as connect-pg-simple's table so the column names match the spec (sid, sess, expire).
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar({ length: 128 }).primaryKey(),
    sess: jsonb().$type<Record<string, unknown>>().notNull(),
    expire: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /**
     * What the sessions list and `DELETE /api/user/sessions/{id}` name a session by (decision 0410):
     * random, unrelated to `sid`, which is the cookie's secret and never leaves the server.
     */
    publicId: uuid().notNull().defaultRandom(),
  },
  (t) => [
    index('sessions_expire_idx').on(t.expire),
    uniqueIndex('sessions_public_id_uq').on(t.publicId),
    // A person's sessions: their list, "sign out everywhere else".
    index('sessions_user_idx').on(sql`(${t.sess}->>'userId')`),
  ],
);

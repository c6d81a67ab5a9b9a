import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Per-user credentials for the OpenSubsonic API (issue 26, decision 0385): people sign in with
 * Google, so apps that speak Subsonic get a secret of their own, revoked by deleting its row.
 * - `api-key` (OpenSubsonic apiKeyAuthentication): only `lookup_hash` (SHA-256 of the key) is kept;
 *   a request finds its row by it, and nothing can give the key back.
 * - `app-password` (`u`+`t`+`s` or `u`+`p`): token auth needs the password itself
 *   (t = md5(password + salt)), so `secret` holds it encrypted with AES-256-GCM under a key derived
 *   from SESSION_SECRET (subsonic/credential-crypto.ts), never in clear.
 */
export const apiCredentials = pgTable(
  'api_credentials',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text({ enum: ['api-key', 'app-password'] }).notNull(),
    /** App passwords: `v1.<iv>.<ciphertext>.<tag>` (base64url); null for API keys. */
    secret: text(),
    /** API keys: hex SHA-256 of the key; null for app passwords. */
    lookupHash: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_credentials_lookup_hash_uq').on(t.lookupHash),
    index('api_credentials_user_created_idx').on(t.userId, t.createdAt),
    check('api_credentials_kind_ck', sql`${t.kind} in ('api-key', 'app-password')`),
    // Each kind keeps exactly what its authentication needs, and nothing more.
    check(
      'api_credentials_secret_ck',
      sql`(${t.kind} = 'api-key' and ${t.lookupHash} is not null and ${t.secret} is null) or (${t.kind} = 'app-password' and ${t.secret} is not null and ${t.lookupHash} is null)`,
    ),
  ],
);

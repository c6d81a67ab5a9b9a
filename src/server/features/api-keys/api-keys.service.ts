import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  API_CREDENTIALS_LIMIT_MESSAGE,
  API_CREDENTIALS_PER_USER,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '../../../shared/schemas/api-keys';
import type { Database } from '../../db/client';
import { apiCredentials, users } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { recordSecurityEvent } from '../sessions/security-events.service';
import { apiKeyLookupHash, type CredentialCrypto } from './credential-crypto';

/** How an app password is sealed and an API key looked up, for /rest's sign-in (features/subsonic). */
export { apiKeyLookupHash, CredentialCrypto } from './credential-crypto';

/** `jnl_` and 32 random bytes (base64url): recognisable in a leak report, 256 bits to guess. */
export const newApiKey = () => `jnl_${randomBytes(32).toString('base64url')}`;

// No 0/o, 1/l: an app password may be typed by hand on a TV or a car's screen. 32 symbols, so a
// byte's low 5 bits pick one without bias; 24 of them are 120 bits.
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Four groups of six, e.g. `k7m2qa-…`: the dashes are part of the password. */
export function newAppPassword(): string {
  const chars = [...randomBytes(24)].map((byte) => PASSWORD_ALPHABET[byte & 31]);
  return [0, 6, 12, 18].map((at) => chars.slice(at, at + 6).join('')).join('-');
}

/** Makes an API key (default) or an app password; its secret is in this reply only. Logged (0410). */
export async function createApiKey(
  db: Database,
  crypto: CredentialCrypto,
  userId: string,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const kind = body.kind ?? 'api-key';
  const key = kind === 'api-key' ? newApiKey() : newAppPassword();
  const stored = kind === 'api-key' ? { lookupHash: apiKeyLookupHash(key) } : { secret: crypto.seal(key) };
  return db.transaction(async (tx) => {
    // The owner's row locked, so two requests at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(apiCredentials)
      .where(eq(apiCredentials.userId, userId));
    if ((held?.n ?? 0) >= API_CREDENTIALS_PER_USER) throw new HttpError(409, API_CREDENTIALS_LIMIT_MESSAGE);
    const [row] = await tx
      .insert(apiCredentials)
      .values({ userId, name: body.name, kind, ...stored })
      .returning({ id: apiCredentials.id, name: apiCredentials.name });
    await recordSecurityEvent(tx, userId, 'api_key_created', { name: row!.name, credentialKind: kind });
    return { id: row!.id, name: row!.name, key };
  });
}

/** The caller's credentials, newest first, without their secrets. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({
      id: apiCredentials.id,
      name: apiCredentials.name,
      kind: apiCredentials.kind,
      createdAt: apiCredentials.createdAt,
      lastUsedAt: apiCredentials.lastUsedAt,
    })
    .from(apiCredentials)
    .where(eq(apiCredentials.userId, userId))
    .orderBy(desc(apiCredentials.createdAt), desc(apiCredentials.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the caller's own (logged); someone else's and a missing one are the same 404. */
export async function revokeApiKey(db: Database, userId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(apiCredentials)
      .where(and(eq(apiCredentials.id, id), eq(apiCredentials.userId, userId)))
      .returning({ name: apiCredentials.name, kind: apiCredentials.kind });
    if (!row) throw notFound('API key not found');
    await recordSecurityEvent(tx, userId, 'api_key_revoked', { name: row.name, credentialKind: row.kind });
  });
}

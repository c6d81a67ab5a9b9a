import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { looksLikeUserId } from '../../../shared/profile-path';
import { SUSPENDED_MESSAGE } from '../../../shared/schemas/admin';
import { USERNAME_MAX } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { apiCredentials, users } from '../../db/schema';
import type { AccessCache } from '../../plugins/access-cache';
import { apiKeyLookupHash, type CredentialCrypto } from '../api-keys/api-keys.service';
import type { UserRow } from '../users/users.service';
import type { SubsonicParams } from './subsonic-params';
import { missingParameter, SubsonicCode, SubsonicError } from './subsonic-response';

/** The name a person signs in to /rest with: `u` (decision 0385). */
export const loginOf = (user: UserRow) => user.username ?? user.id;

/** Who a /rest request is, and by which credential. */
export interface SubsonicCaller {
  user: UserRow;
  credentialId: number;
}

/** The failure counters of one /rest request (app.failedAttempts), bound to its address. */
export interface SignInAttempts {
  lockedFor(subject: string): Promise<number | undefined>;
  record(subject: string): Promise<void>;
}

/** The budget of failures is spent: even the right password is refused for `retryAfter` s (40). */
export class SubsonicLockout extends SubsonicError {
  constructor(readonly retryAfter: number) {
    super(SubsonicCode.wrongCredentials, `Too many failed attempts: try again in ${retryAfter} s`);
  }
}

const WRONG = 'Wrong username or password';
const wrong = () => new SubsonicError(SubsonicCode.wrongCredentials, WRONG);
/** last_used_at is written at most this often per credential: a player makes many requests a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The caller of a /rest request (decision 0385): `apiKey` (OpenSubsonic apiKeyAuthentication), or
 * `u` with `t`+`s` (t = md5(app password + s)) or `p` (plain or `enc:` hex). Failed passwords and
 * tokens count against the account (all its login names, from any address) and the address, each
 * with its budget; API keys are never counted nor refused for others' failures (decision 0540).
 * Sessions never count: every request carries its secret, hence no CSRF token. An API key's caller is
 * kept in `callers` (the sessions' rule, decision 0066: ACCESS_CACHE_SECONDS, dropped by any unsafe
 * request, a revocation included), so a player's stream of Range requests does not each ask the
 * database who it is (decision 0400). Token auth cannot be kept: each request has a new salt.
 */
export async function authenticate(
  db: Database,
  crypto: CredentialCrypto,
  params: SubsonicParams,
  attempts: SignInAttempts,
  callers?: AccessCache<SubsonicCaller>,
): Promise<SubsonicCaller> {
  const apiKey = params.get('apiKey');
  const [u, p, t, s] = (['u', 'p', 't', 's'] as const).map((name) => params.get(name));
  if (apiKey !== undefined) {
    if ([u, p, t, s].some((v) => v !== undefined)) {
      throw new SubsonicError(
        SubsonicCode.conflictingAuth,
        'Multiple conflicting authentication mechanisms provided',
      );
    }
    return byApiKey(db, apiKey, callers);
  }
  if (u === undefined) throw missingParameter('u');
  // Not a failed attempt: no secret was tried.
  if (p !== undefined && t !== undefined) {
    throw new SubsonicError(SubsonicCode.conflictingAuth, 'Send either p or t and s, not both');
  }
  if (t !== undefined && s === undefined) throw missingParameter('s');
  if (t === undefined && p === undefined) throw missingParameter('p');
  const matches =
    t !== undefined
      ? tokenMatcher(t.toLowerCase(), s!)
      : passwordMatcher(p!.startsWith('enc:') ? decodeHex(p!.slice(4)) : p!);
  const user = await findByLogin(db, u);
  const subject = user ? `account:${user.id}` : unknownLogin(u);
  // Before the secret is looked at: once the failures are spent, even the right one is refused.
  const wait = await attempts.lockedFor(subject);
  if (wait !== undefined) throw new SubsonicLockout(wait);
  const caller = user && (await byAppPassword(db, crypto, user, matches));
  if (caller) return caller;
  await attempts.record(subject);
  throw wrong();
}

/**
 * The subject an unknown login name is counted under: a budget of its own, as an account has, so
 * that a lockout (or its absence) tells nobody whether the name exists. Hashed: the name may hold
 * anything, a NUL or a megabyte, which no store should keep.
 */
const unknownLogin = (login: string) =>
  `login:${createHash('sha256').update(login.toLowerCase(), 'utf8').digest('hex')}`;

/** The caller, if `matches` one of `user`'s app passwords. */
async function byAppPassword(
  db: Database,
  crypto: CredentialCrypto,
  user: UserRow,
  matches: (password: string) => boolean,
): Promise<SubsonicCaller | undefined> {
  const rows = await db
    .select({ id: apiCredentials.id, secret: apiCredentials.secret, lastUsedAt: apiCredentials.lastUsedAt })
    .from(apiCredentials)
    .where(and(eq(apiCredentials.userId, user.id), eq(apiCredentials.kind, 'app-password')));
  for (const row of rows) {
    const opened = row.secret ? crypto.open(row.secret) : undefined;
    if (!opened || !matches(opened.plain)) continue;
    // Sealed under an older SESSION_SECRET: sealed anew, so it outlives that secret's removal.
    const resealed = opened.stale ? { secret: crypto.seal(opened.plain) } : {};
    refuseSuspended(user);
    await touch(db, row, resealed);
    return { user, credentialId: row.id };
  }
  return undefined;
}

async function byApiKey(
  db: Database,
  key: string,
  callers?: AccessCache<SubsonicCaller>,
): Promise<SubsonicCaller> {
  const lookupHash = apiKeyLookupHash(key);
  const known = callers?.get(lookupHash);
  if (known) return known;
  const generation = callers?.begin() ?? 0;
  const [row] = await db
    .select({ id: apiCredentials.id, lastUsedAt: apiCredentials.lastUsedAt, user: users })
    .from(apiCredentials)
    .innerJoin(users, eq(users.id, apiCredentials.userId))
    .where(and(eq(apiCredentials.lookupHash, lookupHash), eq(apiCredentials.kind, 'api-key')))
    .limit(1);
  // Not counted (decision 0540): 256 random bits are not guessed, and a lockout would save nothing,
  // since the key must be looked up anyway for a valid one to be let in.
  if (!row) throw new SubsonicError(SubsonicCode.invalidApiKey, 'Invalid API key');
  refuseSuspended(row.user);
  await touch(db, row, {});
  const caller = { user: row.user, credentialId: row.id };
  callers?.set(lookupHash, caller, generation);
  return caller;
}

/**
 * A suspended person's keys and passwords stay (unsuspending restores them) but let nobody in
 * (decision 0445). Said only to a caller who holds a valid secret.
 */
function refuseSuspended(user: UserRow) {
  if (user.suspendedAt) throw new SubsonicError(SubsonicCode.notAuthorized, SUSPENDED_MESSAGE);
}

/** `u` is the username (ignoring case), or the user id for someone without one (decision 0385). */
async function findByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  // No username or id is this long or holds a control character; PostgreSQL would refuse a NUL.
  if (login.length > USERNAME_MAX || /\p{Cc}/u.test(login)) return undefined;
  const where = looksLikeUserId(login)
    ? eq(users.id, login.toLowerCase())
    : eq(sql`lower(${users.username})`, login.toLowerCase());
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

async function touch(
  db: Database,
  row: { id: number; lastUsedAt: Date | null },
  changes: { secret?: string },
) {
  const stale = !row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
  if (!stale && !changes.secret) return;
  await db
    .update(apiCredentials)
    .set({ ...changes, lastUsedAt: sql`now()` })
    .where(eq(apiCredentials.id, row.id));
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

const tokenMatcher = (token: string, salt: string) => (password: string) =>
  sameText(
    createHash('md5')
      .update(password + salt, 'utf8')
      .digest('hex'),
    token,
  );

const passwordMatcher = (given: string | undefined) => (password: string) =>
  given !== undefined && sameText(password, given);

/** `enc:` passwords are the UTF-8 bytes in hex; anything else is no password at all. */
function decodeHex(hex: string): string | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return undefined;
  return Buffer.from(hex, 'hex').toString('utf8');
}

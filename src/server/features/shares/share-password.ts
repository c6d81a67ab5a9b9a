import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A share link's password as stored (issue 45, decision 0701): scrypt from node:crypto, no new
 * dependency, as `scrypt$N$r$p$salt$hash` with base64url salt and hash. N = 2^15, r = 8, p = 1 (32 MiB
 * and some 60 ms a try): a guess costs that much, and the unlock route allows five a minute per
 * link and address. The parameters travel in the value, so a later change keeps old hashes valid.
 */

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** The most a stored value may ask for: a value outside these is refused, not computed. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }, bytes: number) {
  // scrypt needs 128·N·r bytes; node's default ceiling (32 MiB) is just short of N = 2^15, r = 8.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, bytes, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A new salted hash of `password`: two hashes of one password differ. */
export async function hashSharePassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_BYTES);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifySharePassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P;
  if (!valid) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const key = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(key, expected);
}

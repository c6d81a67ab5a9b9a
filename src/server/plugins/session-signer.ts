import { Signer } from '@fastify/cookie';

type UnsignResult = ReturnType<Signer['unsign']>;

/**
 * The session cookie's HMAC signer, remembering its last answers (decision 0067). @fastify/session
 * checks the cookie's signature and signs the id again on every request: two HMACs for a cookie
 * that is the same from one request to the next. Both are pure functions of the secrets and the
 * input, so a bounded memo returns exactly what the signer would. An answer with `renew` says the
 * cookie was signed by an older secret of the list, so the session plugin signs it anew.
 */
export class MemoSigner {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly unsigned = new Map<string, UnsignResult>();

  /** `secrets`: the first signs, every one verifies (rotation, decision 0097). */
  constructor(
    secrets: string | readonly string[],
    private readonly maxEntries = 10_000,
  ) {
    this.signer = new Signer([secrets].flat(), 'sha256');
  }

  sign = (value: string): string => this.remember(this.signed, value, () => this.signer.sign(value));

  unsign = (input: string): UnsignResult =>
    this.remember(this.unsigned, input, () => Object.freeze(this.signer.unsign(input)));

  private remember<V>(memo: Map<string, V>, key: string, compute: () => V): V {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = compute();
    // Forgetting everything at the bound is enough: a working set far below it stays warm.
    if (memo.size >= this.maxEntries) memo.clear();
    memo.set(key, value);
    return value;
  }
}

import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of app passwords (decision 0385). Token auth (t = md5(password + salt)) needs
 * the password itself, so it cannot be hashed like a sign-in password: it is sealed with AES-256-GCM
 * under a key derived (HKDF-SHA256) from SESSION_SECRET, the one server secret every instance already
 * shares. Every entry of SESSION_SECRET's rotation list opens what it sealed; the first seals.
 */
const VERSION = 'v1';
const INFO = 'journal/api-credentials/app-password/v1';
const SALT = 'journal-api-credentials';

export class CredentialCrypto {
  private readonly keys: Buffer[];

  /** `secrets`: SESSION_SECRET's entries, the current one first (decision 0097). */
  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('CredentialCrypto needs at least one secret');
    this.keys = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32)));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /**
   * The plain text, and whether it was sealed under an older secret (the caller then seals it anew,
   * so it outlives that secret's removal); undefined if no secret of the list opens it.
   */
  open(sealed: string): { plain: string; stale: boolean } | undefined {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag) return undefined;
    for (const [index, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
        return { plain: plain.toString('utf8'), stale: index > 0 };
      } catch {
        // the tag does not match: sealed under another secret (or tampered with)
      }
    }
    return undefined;
  }
}

/** What an API key's row is found by: the key is 256 random bits, so a plain SHA-256 suffices. */
export const apiKeyLookupHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

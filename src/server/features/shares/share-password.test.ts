import { describe, expect, it } from 'vitest';
import { hashSharePassword, verifySharePassword } from './share-password';

describe('share link password hashes (decision 0701)', () => {
  it('a hash is never the password, and says how it was made', async () => {
    const hash = await hashSharePassword('open sesame');
    expect(hash).not.toContain('open sesame');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashSharePassword('open sesame');
    expect(await verifySharePassword('open sesame', hash)).toBe(true);
    expect(await verifySharePassword('open sesame ', hash)).toBe(false);
    expect(await verifySharePassword('Open sesame', hash)).toBe(false);
    expect(await verifySharePassword('', hash)).toBe(false);
  });

  it('two hashes of one password differ (a salt each), and both verify', async () => {
    const [a, b] = [await hashSharePassword('same'), await hashSharePassword('same')];
    expect(a).not.toBe(b);
    expect(await verifySharePassword('same', a)).toBe(true);
    expect(await verifySharePassword('same', b)).toBe(true);
  });

  it('the parameters in the value are honoured, and a malformed or costly value is refused', async () => {
    const hash = await hashSharePassword('pw');
    const [, , , , salt, key] = hash.split('$');
    // Other parameters derive another key: the stored ones are the ones used.
    expect(await verifySharePassword('pw', `scrypt$16384$8$1$${salt}$${key}`)).toBe(false);
    for (const bad of [
      'plain',
      `bcrypt$32768$8$1$${salt}$${key}`,
      `scrypt$33000$8$1$${salt}$${key}`,
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$32768$8$1$$${key}`,
    ]) {
      expect(await verifySharePassword('pw', bad), bad).toBe(false);
    }
  });
});

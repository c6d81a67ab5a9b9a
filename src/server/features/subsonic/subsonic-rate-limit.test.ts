import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';

/**
 * Failed /rest sign-ins (decisions 0385, 0540): lowered to 3 per account and 6 per address here.
 * Counters shared as in production, so on PostgreSQL the database store's read (a peek that counts
 * nothing) runs too. Each test has accounts and addresses of its own: the windows outlive a test.
 */
const LIMITS = { subsonicAuth: 3, subsonicAuthAddress: 6 };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: LIMITS, sharedRateLimits: true });
});
afterAll(async () => t.close());

async function rest(app: TestApp, query: string, remoteAddress: string) {
  const res = await app.app.inject({ url: `/rest/ping?f=json&${query}`, remoteAddress });
  return { res, body: res.json()['subsonic-response'] };
}

/** A person with an app password and an API key; `id` in the shape real ones have (u_…). */
async function person(app: TestApp, username: string, id?: string) {
  const me = await app.signedInClient({ username, ...(id ? { id } : {}) });
  const password = (await me.post('/api/user/api-keys', { name: 'Phone', kind: 'app-password' })).json().key;
  const apiKey = (await me.post('/api/user/api-keys', { name: 'Desktop' })).json().key;
  return { id: me.userId, password: password as string, apiKey: apiKey as string };
}

/** What a key scanner sends: well-formed keys, none of them anyone's. */
const guessedKey = () => `jnl_${randomBytes(32).toString('base64url')}`;

const isLockedOut = (reply: Awaited<ReturnType<typeof rest>>) => {
  expect(reply.res.statusCode).toBe(200);
  expect(reply.body.error).toMatchObject({
    code: 40,
    message: expect.stringMatching(/^Too many failed attempts/),
  });
  expect(Number(reply.res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('/rest failed sign-ins are rate-limited', () => {
  it('after 3 failures of an account, even the right password is refused; successes count nothing', async () => {
    const target = await person(t, 'target');
    await person(t, 'bystander');
    const from = '203.0.113.5';
    for (let i = 0; i < 3; i += 1) expect((await rest(t, 'u=target&p=guess', from)).body.error.code).toBe(40);
    isLockedOut(await rest(t, `u=target&p=${target.password}`, from));
    // Another person from the same address is not held up.
    expect((await rest(t, 'u=bystander&p=guess', from)).body.error.message).toBe(
      'Wrong username or password',
    );
    const fresh = await person(t, 'fresh');
    for (let i = 0; i < 5; i += 1)
      expect((await rest(t, `u=fresh&p=${fresh.password}`, '203.0.113.7')).body.status).toBe('ok');
  });

  it('20 bad apiKey values from an address do not lock out the valid keys sent from it', async () => {
    const owner = await person(t, 'keyholder');
    const from = '198.51.100.9';
    // The review's attack: a scanner (or a player with a revoked key) on the same network address.
    for (let i = 0; i < 20; i += 1)
      expect((await rest(t, `apiKey=${guessedKey()}`, from)).body.error).toMatchObject({ code: 44 });
    expect((await rest(t, `apiKey=${owner.apiKey}`, from)).body.status).toBe('ok');
    // Nor its app password: bad keys are not failed password attempts.
    expect((await rest(t, `u=keyholder&p=${owner.password}`, from)).body.status).toBe('ok');
  });

  it("a locked-out account's valid API keys still work, from the very address that locked it", async () => {
    const owner = await person(t, 'locked_keys');
    const from = '198.51.100.20';
    // Both budgets spent: the account's (3) and the address's (6).
    for (let i = 0; i < 3; i += 1) await rest(t, 'u=locked_keys&p=guess', from);
    for (let i = 0; i < 3; i += 1) await rest(t, `u=stranger${i}&p=guess`, from);
    isLockedOut(await rest(t, `u=locked_keys&p=${owner.password}`, from));
    expect((await rest(t, `apiKey=${owner.apiKey}`, from)).body.status).toBe('ok');
  });

  it('all login names of an account share one budget: cycling username, case and user id gains nothing', async () => {
    // The user id signs in too (decision 0385), in any case.
    const owner = await person(t, 'Cycler', 'u_cyclercyclercycl');
    const from = '192.0.2.30';
    for (const u of ['cycler', 'CYCLER', owner.id])
      expect((await rest(t, `u=${u}&p=guess`, from)).body.error.message).toBe('Wrong username or password');
    for (const u of ['Cycler', owner.id.toUpperCase(), 'cycler'])
      isLockedOut(await rest(t, `u=${u}&p=${owner.password}`, from));
  });

  it('failures from many addresses add up for the account', async () => {
    const owner = await person(t, 'spread');
    for (let i = 0; i < 3; i += 1)
      expect((await rest(t, 'u=spread&p=guess', `192.0.2.${40 + i}`)).body.error.code).toBe(40);
    isLockedOut(await rest(t, `u=spread&p=${owner.password}`, '192.0.2.50'));
  });

  it('an address spraying many names meets its own, higher budget; other addresses do not', async () => {
    const sprayed = await person(t, 'sprayed');
    const from = '192.0.2.60';
    // Six names (known and unknown), each under its account's budget: the address's budget is spent.
    for (const u of ['nobody1', 'nobody2', 'sprayed', 'nobody3', 'nobody4', 'sprayed'])
      expect((await rest(t, `u=${u}&p=guess`, from)).body.error.message).toBe('Wrong username or password');
    isLockedOut(await rest(t, `u=sprayed&p=${sprayed.password}`, from));
    isLockedOut(await rest(t, 'u=nobody5&p=guess', from));
    expect((await rest(t, `u=sprayed&p=${sprayed.password}`, '192.0.2.61')).body.status).toBe('ok');
  });

  it('an unknown name locks out as an account does: the reply does not tell who exists', async () => {
    await person(t, 'exists');
    const replies = [];
    for (const u of ['exists', 'does_not_exist']) {
      const from = u === 'exists' ? '192.0.2.70' : '192.0.2.71';
      const failures = [];
      for (let i = 0; i < 3; i += 1) failures.push((await rest(t, `u=${u}&p=guess`, from)).body.error);
      const locked = await rest(t, `u=${u}&p=guess`, from);
      isLockedOut(locked);
      replies.push({ failures, locked: locked.body.error.code });
    }
    expect(replies[0]).toEqual(replies[1]);
  });
});

// Counters shared by instances on one PostgreSQL database (decision 0098); PGlite is one process.
describe.skipIf(testDatabaseKind() !== 'postgres')('on two instances', () => {
  it('failures on one lock the account on the other', async () => {
    const second = await buildTestApp({
      sharedDatabase: t.database,
      rateLimits: LIMITS,
      sharedRateLimits: true,
    });
    try {
      const owner = await person(t, 'two_instances');
      for (let i = 0; i < 3; i += 1) await rest(t, 'u=two_instances&p=guess', '192.0.2.80');
      isLockedOut(await rest(second, `u=two_instances&p=${owner.password}`, '192.0.2.81'));
      expect((await rest(second, `apiKey=${owner.apiKey}`, '192.0.2.81')).body.status).toBe('ok');
    } finally {
      await second.close();
    }
  });
});

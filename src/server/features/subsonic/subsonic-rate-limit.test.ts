import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

/**
 * Failed /rest sign-ins, per user and address (decision 0385): lowered to 3 here. Counters shared as
 * in production, so on PostgreSQL the database store's read (a peek that counts nothing) runs too.
 */
let t: TestApp;
let password: string;
let apiKey: string;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { subsonicAuth: 3 }, sharedRateLimits: true });
  const me = await t.signedInClient({ username: 'target' });
  password = (await me.post('/api/user/api-keys', { name: 'Phone', kind: 'app-password' })).json().key;
  apiKey = (await me.post('/api/user/api-keys', { name: 'Desktop' })).json().key;
  await t.signedInClient({ username: 'bystander' });
});
afterAll(async () => t.close());

async function rest(query: string, remoteAddress: string) {
  const res = await t.app.inject({ url: `/rest/ping?f=json&${query}`, remoteAddress });
  return { res, body: res.json()['subsonic-response'] };
}

describe('/rest failed sign-ins are rate-limited', () => {
  it('after 3 failures of one user from one address, even the right password is refused there', async () => {
    const from = '203.0.113.5';
    for (let i = 0; i < 3; i += 1) expect((await rest('u=target&p=guess', from)).body.error.code).toBe(40);
    const locked = await rest(`u=target&p=${password}`, from);
    expect(locked.res.statusCode).toBe(200);
    expect(locked.body.error).toMatchObject({
      code: 40,
      message: expect.stringMatching(/^Too many failed attempts/),
    });
    expect(Number(locked.res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and another user from the same address, are not held up.
    expect((await rest(`u=target&p=${password}`, '203.0.113.6')).body.status).toBe('ok');
    expect((await rest('u=bystander&p=guess', from)).body.error.message).toBe('Wrong username or password');
    // Successes count nothing.
    for (let i = 0; i < 5; i += 1)
      expect((await rest(`u=target&p=${password}`, '203.0.113.7')).body.status).toBe('ok');
  });

  it('unknown API keys are counted per address', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < 3; i += 1) expect((await rest('apiKey=jnl_guess', from)).body.error.code).toBe(44);
    expect((await rest(`apiKey=${apiKey}`, from)).body.error.message).toMatch(/^Too many failed attempts/);
    expect((await rest(`apiKey=${apiKey}`, '198.51.100.10')).body.status).toBe('ok');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_RESERVED_MESSAGE, USERNAME_TAKEN_MESSAGE } from '../../../shared/constants';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { users } from '../../db/schema';
import { isReservedUsername, usernameClaim } from './username.policy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function demoVisitor(): Promise<TestClient & { userId: string }> {
  const client = t.client();
  const res = await client.post('/api/auth/demo-session');
  expect(res.statusCode).toBe(200);
  client.resetCsrf();
  return Object.assign(client, { userId: res.json().id as string });
}

const setUsername = (client: TestClient, username: string) => client.patch('/api/user/profile', { username });
const usernameOf = async (id: string) =>
  (await t.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]?.username;

// A refused username is a refused field since issue 42 (decision 0575): 422, the rest still saved.
describe('usernames and demo accounts (decision 0028)', () => {
  it('a real person takes a username a demo account holds; the demo account loses it', async () => {
    const demo = await demoVisitor();
    expect((await setUsername(demo, 'nightjar')).statusCode).toBe(200);
    const real = await t.signedInClient();
    const res = await setUsername(real, 'NightJar');
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('NightJar');
    expect(await usernameOf(demo.userId)).toBeNull();
    expect((await demo.get('/api/auth/user')).json().username).toBeNull();
    // The demo account cannot take it back.
    const back = await setUsername(demo, 'nightjar');
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe(USERNAME_TAKEN_MESSAGE);
  });

  it("a demo account cannot take a real person's username", async () => {
    const real = await t.signedInClient();
    expect((await setUsername(real, 'skylark')).statusCode).toBe(200);
    const demo = await demoVisitor();
    const res = await setUsername(demo, 'SKYLARK');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(USERNAME_TAKEN_MESSAGE);
    expect(await usernameOf(real.userId)).toBe('skylark');
  });

  it("one demo account cannot take another's username", async () => {
    const first = await demoVisitor();
    const second = await demoVisitor();
    expect((await setUsername(first, 'wren')).statusCode).toBe(200);
    expect((await setUsername(second, 'wren')).statusCode).toBe(422);
    expect(await usernameOf(first.userId)).toBe('wren');
  });

  it('a demo account cannot take a reserved system name; a free ordinary one is fine', async () => {
    const demo = await demoVisitor();
    for (const name of ['admin', 'Journal', 'SUPPORT', 'demo']) {
      const res = await setUsername(demo, name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message).toBe(USERNAME_RESERVED_MESSAGE);
    }
    expect(await usernameOf(demo.userId)).toBeNull();
    expect((await setUsername(demo, 'demo.tester')).statusCode).toBe(200);
  });

  it('real people keep their names as before: a real holder still wins against a real claimant', async () => {
    const a = await t.signedInClient();
    const b = await t.signedInClient();
    expect((await setUsername(a, 'heron')).statusCode).toBe(200);
    expect((await setUsername(b, 'heron')).statusCode).toBe(422);
    // Saving one's own name again is not a clash.
    expect((await setUsername(a, 'Heron')).statusCode).toBe(200);
    expect(await usernameOf(a.userId)).toBe('Heron');
  });
});

describe('usernameClaim', () => {
  const real = { isDemo: false };
  const demo = { isDemo: true };

  it('decides free, release, taken and reserved', () => {
    expect(usernameClaim(real, 'ada', undefined)).toBe('free');
    expect(usernameClaim(demo, 'ada', undefined)).toBe('free');
    expect(usernameClaim(real, 'ada', demo)).toBe('release');
    expect(usernameClaim(real, 'ada', real)).toBe('taken');
    expect(usernameClaim(demo, 'ada', real)).toBe('taken');
    expect(usernameClaim(demo, 'ada', demo)).toBe('taken');
    expect(usernameClaim(demo, 'Admin', undefined)).toBe('reserved');
    expect(usernameClaim(real, 'admin', undefined)).toBe('free');
  });

  it('knows the reserved names ignoring case', () => {
    expect(isReservedUsername('Administrator')).toBe(true);
    expect(isReservedUsername('journal')).toBe(true);
    expect(isReservedUsername('ada')).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ID_PATTERN } from '../../../shared/profile-path';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { users } from '../../db/schema';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES, freeDemoName } from './demo-names';

// Issue 23: every demo visitor was "Demo User"; three in one collective looked identical (0285).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function demoVisitor(): Promise<{ client: TestClient; id: string }> {
  const client = t.client();
  const res = await client.post('/api/auth/demo-session');
  expect(res.statusCode, res.body).toBe(200);
  client.resetCsrf();
  return { client, id: res.json().id };
}

const ageAccount = (id: string, hours: number) =>
  t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(users.id, id));

describe('demo visitors are named', () => {
  it('gives each visitor an account of their own, with a friendly name of its own', async () => {
    const visitors = [await demoVisitor(), await demoVisitor(), await demoVisitor()];
    const names = new Set<string>();
    for (const v of visitors) {
      expect(v.id).toMatch(USER_ID_PATTERN);
      const me = (await v.client.get('/api/auth/user')).json();
      expect(me).toMatchObject({ id: v.id, username: null, claims: { isDemo: true, sub: v.id } });
      // Issue 23: three demo members of one collective must not all be "Demo User".
      expect(DEMO_FIRST_NAMES).toContain(me.firstName);
      expect(me.lastName).toMatch(new RegExp(`^(${DEMO_LAST_NAMES.join('|')})( \\d+)?$`));
      names.add(`${me.firstName} ${me.lastName}`);
    }
    expect(names.size).toBe(visitors.length);
  });

  it('never gives a name a live demo account holds; an expired one frees it', async () => {
    const always = (index: number) => () => index;
    const first = { firstName: DEMO_FIRST_NAMES[0], lastName: DEMO_LAST_NAMES[0] };
    // Earlier visitors here were named at random: clear the one name this test offers.
    await t.db.delete(users).where(eq(users.firstName, first.firstName));
    const other = await freeDemoName(t.db, 24, always(0));
    const [holder] = await t.db
      .insert(users)
      .values({ ...first, isDemo: true })
      .returning({ id: users.id });
    if (!holder) throw new Error('no demo row');
    // Only "Amber Accordion" on offer, and it is taken: numbered.
    expect(await freeDemoName(t.db, 24, always(0))).toEqual({ ...first, lastName: `${first.lastName} 2` });
    // A real person of the same name does not count, and neither does an expired demo account.
    await t.db.insert(users).values({ ...first, lastName: `${first.lastName} 2`, isDemo: false });
    expect(await freeDemoName(t.db, 24, always(0))).toEqual({ ...first, lastName: `${first.lastName} 2` });
    await ageAccount(holder.id, 25);
    expect(await freeDemoName(t.db, 24, always(0))).toEqual(first);
    expect(other).toEqual(first);
    await t.db.delete(users).where(eq(users.firstName, first.firstName));
  });
});

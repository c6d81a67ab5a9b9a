import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ID_PATTERN } from '../../../shared/profile-path';
import { PROFILE_NOT_FOUND, USERNAME_LOOKS_LIKE_ID_MESSAGE } from '../../../shared/schemas/users';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { users } from '../../db/schema';

// Decision 0203: GET /api/public/users/{x} (behind /profile/{x}) finds a person by internal id or by
// username ignoring case; ids win, and no username may look like one.

let t: TestApp;
let zoe: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  // No id given: the database makes one, as for every real account.
  const [row] = await t.db.insert(users).values({ firstName: 'Zoë', isPublic: true }).returning();
  zoe = await t.signedInAs(row!.id);
});
afterAll(() => t.close());

const profileAt = (key: string) => t.client().get(`/api/public/users/${encodeURIComponent(key)}`);

describe('public profile addresses', () => {
  it('finds a person by id before they have a username', async () => {
    expect(zoe.userId).toMatch(USER_ID_PATTERN);
    const res = await profileAt(zoe.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: zoe.userId, username: null, firstName: 'Zoë' });
  });

  it('finds them by username in any case, and still by id; a former username answers 404', async () => {
    expect((await zoe.patch('/api/user/profile', { username: 'Zoë.K' })).statusCode).toBe(200);
    for (const key of ['Zoë.K', 'zoë.k', 'ZOË.K', zoe.userId]) {
      const res = await profileAt(key);
      expect(res.statusCode, key).toBe(200);
      expect(res.json().user, key).toMatchObject({ id: zoe.userId, username: 'Zoë.K' });
    }
    expect((await zoe.patch('/api/user/profile', { username: 'zoe_k' })).statusCode).toBe(200);
    expect((await profileAt('Zoë.K')).statusCode).toBe(404);
    expect((await profileAt('zoe_k')).json().user.id).toBe(zoe.userId);
  });

  it('answers a private profile by username with the same 404 as a missing one', async () => {
    await zoe.patch('/api/user/privacy', { isPublic: false });
    const hidden = await profileAt('zoe_k');
    const missing = await profileAt('nobody-at-all');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json().message).toBe(PROFILE_NOT_FOUND);
    await zoe.patch('/api/user/privacy', { isPublic: true });
  });

  it('refuses a username shaped like an id, in any case', async () => {
    for (const username of ['u_abcdefghijklmnop', 'U_ABCDEFGHIJKLMNOP']) {
      const res = await zoe.patch('/api/user/profile', { username });
      // A refused field since issue 42 (decision 0575).
      expect(res.statusCode, username).toBe(422);
      expect(res.json().message, username).toContain(USERNAME_LOOKS_LIKE_ID_MESSAGE);
      expect(res.json().fieldErrors.username, username).toBe(USERNAME_LOOKS_LIKE_ID_MESSAGE);
    }
  });

  it("lets the id win should a username (made before the rule, by hand) equal someone's id", async () => {
    await t.db
      .insert(users)
      .values({ firstName: 'Squatter', username: zoe.userId, isPublic: true })
      .returning();
    const res = await profileAt(zoe.userId);
    expect(res.json().user).toMatchObject({ id: zoe.userId, firstName: 'Zoë' });
    await t.db.delete(users).where(eq(users.username, zoe.userId));
  });
});

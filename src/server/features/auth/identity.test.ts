import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ID_PATTERN } from '../../../shared/profile-path';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { userIdentities, users } from '../../db/schema';
import { LEGACY_ISSUER, userFromSignIn } from './identity.service';

// Decisions 0200-0202: a sign-in is looked up by its (issuer, subject); the user behind it has an
// internal id; the first sign-in makes both; a migrated (legacy) identity is claimed by its issuer.

const GOOGLE = 'https://accounts.google.com';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const identitiesOf = (userId: string) =>
  t.db
    .select({ issuer: userIdentities.issuer, subject: userIdentities.subject })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));

describe('userFromSignIn', () => {
  it('makes the user and the identity on first sign-in, and finds them on the next', async () => {
    const first = await userFromSignIn(t.db, { iss: GOOGLE, sub: '1001', email: 'grace@example.com' });
    expect(first.id).toMatch(USER_ID_PATTERN);
    expect(await identitiesOf(first.id)).toEqual([{ issuer: GOOGLE, subject: '1001' }]);
    const again = await userFromSignIn(t.db, { iss: GOOGLE, sub: '1001', given_name: 'Grace' });
    expect(again).toMatchObject({ id: first.id, firstName: 'Grace' });
  });

  it('takes the same subject from another issuer for another person', async () => {
    const google = await userFromSignIn(t.db, { iss: GOOGLE, sub: '2002' });
    const other = await userFromSignIn(t.db, { iss: 'https://login.example.org', sub: '2002' });
    expect(other.id).not.toBe(google.id);
    expect(await identitiesOf(other.id)).toEqual([{ issuer: 'https://login.example.org', subject: '2002' }]);
  });

  it("claims a migrated identity for the issuer of the subject's first sign-in (decision 0202)", async () => {
    const [user] = await t.db.insert(users).values({ firstName: 'Old' }).returning();
    await t.db.insert(userIdentities).values({ issuer: LEGACY_ISSUER, subject: '3003', userId: user!.id });
    const signedIn = await userFromSignIn(t.db, { iss: GOOGLE, sub: '3003', given_name: 'Renewed' });
    expect(signedIn).toMatchObject({ id: user!.id, firstName: 'Renewed' });
    expect(await identitiesOf(user!.id)).toEqual([{ issuer: GOOGLE, subject: '3003' }]);
  });

  it('gives two racing first sign-ins of one identity one user, and leaves no other behind', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const [a, b] = await Promise.all([
      userFromSignIn(t.db, { iss: GOOGLE, sub: '4004', email: 'race@example.com' }),
      userFromSignIn(t.db, { iss: GOOGLE, sub: '4004', email: 'race@example.com' }),
    ]);
    expect(a.id).toBe(b.id);
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before + 1);
    expect(await identitiesOf(a.id)).toEqual([{ issuer: GOOGLE, subject: '4004' }]);
  });

  it('deletes the identities with their user', async () => {
    const user = await userFromSignIn(t.db, { iss: GOOGLE, sub: '5005' });
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await identitiesOf(user.id)).toEqual([]);
    const anew = await userFromSignIn(t.db, { iss: GOOGLE, sub: '5005' });
    expect(anew.id).not.toBe(user.id);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrationTestDatabase } from '../../test/migrations-up-to';
import { InstanceAdmins } from '../features/admin/instance-admins';
import { userFromSignIn } from '../features/auth/identity.service';
import type { DatabaseHandle } from './client';
import { users } from './schema';

// Migration 0033 (decision 0530) on a database as 0032 left it: nobody recorded whether the issuer
// verified a stored email, so every existing row starts unverified, and an admin named by email is
// one again from the sign-in whose ID token says email_verified: true.

const ISSUER = 'https://accounts.google.com';

describe('migration 0033: users.email_verified', () => {
  let handle: DatabaseHandle;
  let db: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  let bossId = '';

  beforeAll(async () => {
    db = await openMigrationTestDatabase('emailverified');
    handle = db.handle;
    await db.migrateThrough('email_verified', -1);
    const made = (await handle.db.execute(
      sql`insert into users (email) values ('boss@example.com') returning id`,
    )) as unknown as { rows: { id: string }[] };
    bossId = String(made.rows[0]?.id);
    await handle.db.execute(
      sql`insert into user_identities (issuer, subject, user_id) values (${ISSUER}, '1001', ${bossId})`,
    );
    await db.migrateThrough('email_verified');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('leaves an existing email unverified, so it names no admin until the next sign-in vouches for it', async () => {
    const admins = new InstanceAdmins(['boss@example.com']);
    const [before] = await handle.db.select().from(users).where(eq(users.id, bossId));
    expect(before).toMatchObject({ email: 'boss@example.com', emailVerified: false });
    expect(await admins.has(before!)).toBe(false);

    const unverified = await userFromSignIn(handle.db, {
      iss: ISSUER,
      sub: '1001',
      email: 'boss@example.com',
    });
    expect(await admins.has(unverified)).toBe(false);
    const verified = await userFromSignIn(handle.db, {
      iss: ISSUER,
      sub: '1001',
      email: 'boss@example.com',
      email_verified: true,
    });
    expect(verified).toMatchObject({ id: bossId, emailVerified: true });
    expect(await admins.has(verified)).toBe(true);
  });
});

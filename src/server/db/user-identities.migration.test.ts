import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ID_PATTERN } from '../../shared/profile-path';
import { openMigrationTestDatabase } from '../../test/migrations-up-to';
import { userFromSignIn } from '../features/auth/identity.service';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

// Migration 0008 (decisions 0200-0202) on a database as 0007 left it, where a user's id was their
// OIDC subject: every user gets an internal id, every reference and session follows, the old ids
// become (legacy, subject) identities, and signing in with the same subject finds the same person.

const ADA = 'google-oauth2|1001';
const BOB = '1002';
const DEMO = 'demo-AbCdEfGhIjKlMnOp';
const AVATAR = 'images/avatars/0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11';

/** Each foreign key to users, with its definition, and each trigger: what must come out unchanged. */
const FKS_TO_USERS = sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
  from pg_constraint where contype = 'f' and confrelid = 'public.users'::regclass order by 1, 2`;
const TRIGGERS = sql`select tgrelid::regclass::text as tbl, tgname from pg_trigger where not tgisinternal order by 1, 2`;

/** Every column holding a user id (all 0007 had), so none is left out of the check. */
const USER_COLUMNS: [string, string][] = [
  ['tracks', 'user_id'],
  ['playlists', 'user_id'],
  ['collectives', 'owner_id'],
  ['collective_members', 'user_id'],
  ['collective_invitations', 'inviter_id'],
  ['collective_invitations', 'invitee_id'],
  ['collective_invite_links', 'created_by_id'],
  ['playlist_collective_shares', 'shared_by_user_id'],
  ['collective_playlist_comments', 'user_id'],
  ['equipment_comments', 'user_id'],
  ['presence', 'user_id'],
];

describe('migration 0008: internal user ids and user_identities', () => {
  let handle: DatabaseHandle;
  let db: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  let fksBefore: unknown[] = [];
  let triggersBefore: unknown[] = [];
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** The new id of the user whose email was `email` (emails survive the migration). */
  const idOf = async (email: string) =>
    (await rows<{ id: string }>(sql`select id from users where email = ${email}`))[0]?.id as string;

  beforeAll(async () => {
    db = await openMigrationTestDatabase('userids');
    handle = db.handle;
    await db.migrateThrough('user_identities', -1);

    // Rows as the app wrote them before: ids are OIDC subjects and demo-… ids, in every table.
    await handle.db.execute(sql`insert into users (id, email, username, avatar_key, is_public, is_demo) values
      (${ADA}, 'ada@example.com', 'Ada', ${AVATAR}, true, false),
      (${BOB}, 'bob@example.com', null, null, false, false),
      (${DEMO}, 'demo@example.com', null, null, false, true)`);
    await handle.db.execute(sql`insert into tracks (user_id, name, filename, filepath, mime_type, size)
      values (${ADA}, 'Dawn', 'dawn.wav', 'tracks/dawn', 'audio/wav', 10),
             (${DEMO}, 'Demo', 'demo.wav', 'tracks/demo', 'audio/wav', 10)`);
    await handle.db.execute(sql`insert into equipment_tags (name) values ('Drumbrute')`);
    await handle.db.execute(sql`insert into track_equipment_tags (track_id, equipment_tag_id) values (1, 1)`);
    await handle.db.execute(sql`insert into playlists (user_id, name) values (${ADA}, 'Mix')`);
    await handle.db.execute(
      sql`insert into playlist_tracks (playlist_id, track_id, position) values (1, 1, 0)`,
    );
    await handle.db.execute(sql`insert into collectives (name, owner_id) values ('Band', ${ADA})`);
    await handle.db.execute(sql`insert into collective_members (collective_id, user_id, role) values
      (1, ${ADA}, 'owner'), (1, ${BOB}, 'member'), (1, ${DEMO}, 'member')`);
    await handle.db.execute(
      sql`insert into collective_invitations (collective_id, inviter_id, invitee_id) values (1, ${ADA}, ${BOB})`,
    );
    await handle.db.execute(
      sql`insert into collective_invite_links (collective_id, created_by_id, code, type) values (1, ${ADA}, 'c0de', 'multi')`,
    );
    await handle.db.execute(
      sql`insert into playlist_collective_shares (playlist_id, collective_id, shared_by_user_id) values (1, 1, ${ADA})`,
    );
    await handle.db.execute(
      sql`insert into collective_playlist_comments (collective_id, playlist_id, user_id, content) values (1, 1, ${BOB}, 'Nice')`,
    );
    await handle.db.execute(
      sql`insert into equipment_comments (equipment_id, user_id, content) values (1, ${BOB}, 'Loud')`,
    );
    await handle.db.execute(
      sql`insert into presence (user_id, instance_id, streams) values (${ADA}, 'i1', 1)`,
    );
    // Sessions: Ada signed in, a sign-in hand-off for Bob, an anonymous visitor's CSRF secret.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await handle.db.execute(sql`insert into sessions (sid, sess, expire) values
      ('s-ada', ${JSON.stringify({ userId: ADA, signedInAt: 1, cookie: { path: '/' } })}::jsonb, ${later}),
      ('s-handoff', ${JSON.stringify({ handoffUserId: BOB, bindingHash: 'h' })}::jsonb, ${later}),
      ('s-anon', ${JSON.stringify({ csrfSecret: 'x' })}::jsonb, ${later})`);
    fksBefore = await rows(FKS_TO_USERS);
    triggersBefore = await rows(TRIGGERS);
    // Through 0008 only: later migrations add tables (and keys to users) that are not this one's doing.
    await db.migrateThrough('user_identities');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('gives every user a new internal id and keeps what else they had', async () => {
    const users = await rows<{
      id: string;
      email: string;
      username: string | null;
      avatar_key: string | null;
    }>(sql`select id, email, username, avatar_key from users order by email`);
    expect(users.map((u) => [u.email, u.username, u.avatar_key])).toEqual([
      ['ada@example.com', 'Ada', AVATAR],
      ['bob@example.com', null, null],
      ['demo@example.com', null, null],
    ]);
    for (const u of users) expect(u.id).toMatch(USER_ID_PATTERN);
    expect(new Set(users.map((u) => u.id)).size).toBe(3);
    // New rows get one from the column default too.
    const [made] = await rows<{ id: string }>(
      sql`insert into users (first_name) values ('New') returning id`,
    );
    expect(made?.id).toMatch(USER_ID_PATTERN);
    await handle.db.execute(sql`delete from users where id = ${made?.id}`);
  });

  it('points every reference at the new ids: no row lost, none left on an old id', async () => {
    const [ada, bob, demo] = [
      await idOf('ada@example.com'),
      await idOf('bob@example.com'),
      await idOf('demo@example.com'),
    ];
    const holders = async (table: string, column: string) =>
      (await rows<{ v: string }>(sql.raw(`select "${column}" as v from "${table}" order by 1`))).map(
        (r) => r.v,
      );
    expect(await holders('tracks', 'user_id')).toEqual([ada, demo].sort());
    expect(await holders('playlists', 'user_id')).toEqual([ada]);
    expect(await holders('collectives', 'owner_id')).toEqual([ada]);
    expect(await holders('collective_members', 'user_id')).toEqual([ada, bob, demo].sort());
    expect(await holders('collective_invitations', 'inviter_id')).toEqual([ada]);
    expect(await holders('collective_invitations', 'invitee_id')).toEqual([bob]);
    expect(await holders('collective_invite_links', 'created_by_id')).toEqual([ada]);
    expect(await holders('playlist_collective_shares', 'shared_by_user_id')).toEqual([ada]);
    expect(await holders('collective_playlist_comments', 'user_id')).toEqual([bob]);
    expect(await holders('equipment_comments', 'user_id')).toEqual([bob]);
    expect(await holders('presence', 'user_id')).toEqual([ada]);
    expect(USER_COLUMNS).toHaveLength(
      (fksBefore as { tbl: string }[]).filter((fk) => fk.tbl !== 'user_identities').length,
    );
    // Rows hanging off those (tags, playlist tracks) are untouched.
    expect(await rows(sql`select track_id, equipment_tag_id from track_equipment_tags`)).toEqual([
      { track_id: 1, equipment_tag_id: 1 },
    ]);
    expect(await rows(sql`select playlist_id, track_id from playlist_tracks`)).toEqual([
      { playlist_id: 1, track_id: 1 },
    ]);
  });

  it('keeps every foreign key and trigger as it was, and queued no file for deletion', async () => {
    const fksAfter = await rows<{ tbl: string }>(FKS_TO_USERS);
    expect(fksAfter.filter((fk) => fk.tbl !== 'user_identities')).toEqual(fksBefore);
    expect(fksAfter.find((fk) => fk.tbl === 'user_identities')).toMatchObject({
      def: 'FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE',
    });
    expect(await rows(TRIGGERS)).toEqual(triggersBefore);
    expect(await rows(sql`select ref from blob_deletions`)).toEqual([]);
  });

  it('makes (legacy, old id) identities for real accounts, none for demo accounts', async () => {
    const identities = await rows(sql`select issuer, subject, user_id from user_identities order by subject`);
    expect(identities).toEqual([
      { issuer: 'legacy', subject: BOB, user_id: await idOf('bob@example.com') },
      { issuer: 'legacy', subject: ADA, user_id: await idOf('ada@example.com') },
    ]);
  });

  it('rewrites the user ids sessions hold, so nobody is signed out', async () => {
    const sessions = await rows<{ sid: string; sess: Record<string, unknown> }>(
      sql`select sid, sess from sessions order by sid`,
    );
    expect(sessions).toEqual([
      { sid: 's-ada', sess: { userId: await idOf('ada@example.com'), signedInAt: 1, cookie: { path: '/' } } },
      { sid: 's-anon', sess: { csrfSecret: 'x' } },
      { sid: 's-handoff', sess: { handoffUserId: await idOf('bob@example.com'), bindingHash: 'h' } },
    ]);
  });

  it("signs the same subject in as the same person, claiming the identity for the sign-in's issuer", async () => {
    // Today's sign-in code runs on today's schema: apply the migrations after 0008 first.
    await runMigrations(handle);
    const ada = await idOf('ada@example.com');
    const issuer = 'https://accounts.google.com';
    const user = await userFromSignIn(handle.db, { iss: issuer, sub: ADA, email: 'ada@example.com' });
    expect(user.id).toBe(ada);
    expect(user.username).toBe('Ada');
    expect(await rows(sql`select issuer, user_id from user_identities where subject = ${ADA}`)).toEqual([
      { issuer, user_id: ada },
    ]);
    // And again, now through the claimed row; a demo account's old id is no identity.
    expect((await userFromSignIn(handle.db, { iss: issuer, sub: ADA, email: 'ada@example.com' })).id).toBe(
      ada,
    );
    const stranger = await userFromSignIn(handle.db, { iss: issuer, sub: DEMO });
    expect(stranger.id).not.toBe(await idOf('demo@example.com'));
    expect(stranger.isDemo).toBe(false);
  });

  it('keeps the 0004 and 0006 triggers working on the new ids, and deletes cascade', async () => {
    const ada = await idOf('ada@example.com');
    const revision = async () =>
      (await rows<{ r: string }>(sql`select journal_revision::text as r from users where id = ${ada}`))[0]?.r;
    const before = await revision();
    await handle.db.execute(sql`update tracks set name = 'Dawn (edit)' where id = 1`);
    expect(await revision()).not.toBe(before);

    await handle.db.execute(sql`delete from users where id = ${ada}`);
    for (const [table, column] of USER_COLUMNS) {
      const left = await rows(sql.raw(`select 1 from "${table}" where "${column}" = '${ada}'`));
      expect(left, `${table}.${column}`).toEqual([]);
    }
    expect(await rows(sql`select 1 from user_identities where user_id = ${ada}`)).toEqual([]);
    const queued = (await rows<{ ref: string }>(sql`select ref from blob_deletions order by ref`)).map(
      (r) => r.ref,
    );
    expect(queued).toEqual([AVATAR, 'tracks/dawn']);
  });
});

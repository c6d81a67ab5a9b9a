import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database';
import type { Database, DatabaseHandle } from './client';
import * as s from './schema';

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => handle.close());

const rowsIn = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** Postgres error code of a rejected statement (drizzle wraps the driver error in `cause`). */
async function rejectionCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

/** One of everything, hanging off two users, so each cascade has something to remove. */
async function seed() {
  await db.insert(s.users).values([
    { id: 'u1', email: 'u1@example.com' },
    { id: 'u2', email: 'u2@example.com' },
  ]);
  const [track] = await db
    .insert(s.tracks)
    .values({
      userId: 'u1',
      name: 't',
      filename: 't.wav',
      filepath: 'x/t.wav',
      mimeType: 'audio/wav',
      size: 10,
    })
    .returning();
  const [playlist] = await db.insert(s.playlists).values({ userId: 'u1', name: 'p' }).returning();
  const [collective] = await db.insert(s.collectives).values({ name: 'c', ownerId: 'u1' }).returning();
  const [tag] = await db.insert(s.equipmentTags).values({ name: 'Juno-60' }).returning();
  if (!track || !playlist || !collective || !tag) throw new Error('seed failed');
  await db.insert(s.playlistTracks).values({ playlistId: playlist.id, trackId: track.id, position: 0 });
  await db.insert(s.trackEquipmentTags).values({ trackId: track.id, equipmentTagId: tag.id });
  await db.insert(s.equipmentComments).values({ equipmentId: tag.id, userId: 'u2', content: 'nice' });
  await db.insert(s.collectiveMembers).values([
    { collectiveId: collective.id, userId: 'u1', role: 'owner' },
    { collectiveId: collective.id, userId: 'u2' },
  ]);
  await db
    .insert(s.collectiveInvitations)
    .values({ collectiveId: collective.id, inviterId: 'u1', inviteeId: 'u2' });
  await db
    .insert(s.collectiveInviteLinks)
    .values({ collectiveId: collective.id, createdById: 'u1', code: 'abc', type: 'multi' });
  await db
    .insert(s.playlistCollectiveShares)
    .values({ playlistId: playlist.id, collectiveId: collective.id, sharedByUserId: 'u1' });
  await db
    .insert(s.collectivePlaylistComments)
    .values({ collectiveId: collective.id, playlistId: playlist.id, userId: 'u2', content: 'hi' });
  return { track, playlist, collective, tag };
}

beforeEach(async () => {
  await db.execute(sql`truncate users, equipment_tags, sessions restart identity cascade`);
});

describe(`data model on ${testDatabaseKind()}`, () => {
  it('applies defaults from the spec', async () => {
    const { track, playlist, tag } = await seed();
    const [user] = await db.select().from(s.users).where(eq(s.users.id, 'u2'));
    expect(user).toMatchObject({ isPublic: false, isDemo: false, socialLinks: {} });
    expect(track.shareToEquipmentPages).toBe(true);
    expect(playlist).toMatchObject({ isPublic: false, description: null, imageKey: null });
    expect(tag.category).toBe('not defined');
    const [member] = await db.select().from(s.collectiveMembers).where(eq(s.collectiveMembers.userId, 'u2'));
    expect(member?.role).toBe('member');
    const [link] = await db.select().from(s.collectiveInviteLinks);
    expect(link).toMatchObject({ usageCount: 0, isActive: true, maxUses: null });
    const [invitation] = await db.select().from(s.collectiveInvitations);
    expect(invitation?.status).toBe('pending');
  });

  describe('delete cascades', () => {
    it('deleting a user removes everything that is theirs', async () => {
      await seed();
      await db.delete(s.users).where(eq(s.users.id, 'u1'));
      for (const table of [
        s.tracks,
        s.playlists,
        s.playlistTracks,
        s.trackEquipmentTags,
        s.collectives,
        s.collectiveMembers,
        s.collectiveInvitations,
        s.collectiveInviteLinks,
        s.playlistCollectiveShares,
        s.collectivePlaylistComments,
      ]) {
        expect(await rowsIn(table)).toBe(0);
      }
      // The other user's comment on shared gear stays; the gear is nobody's to take away.
      expect(await rowsIn(s.equipmentComments)).toBe(1);
      expect(await rowsIn(s.equipmentTags)).toBe(1);
    });

    it('deleting a track removes its playlist entries and tags, not the playlist or tag', async () => {
      const { track } = await seed();
      await db.delete(s.tracks).where(eq(s.tracks.id, track.id));
      expect(await rowsIn(s.playlistTracks)).toBe(0);
      expect(await rowsIn(s.trackEquipmentTags)).toBe(0);
      expect(await rowsIn(s.playlists)).toBe(1);
      expect(await rowsIn(s.equipmentTags)).toBe(1);
    });

    it('deleting a playlist removes its entries, shares and comments', async () => {
      const { playlist } = await seed();
      await db.delete(s.playlists).where(eq(s.playlists.id, playlist.id));
      expect(await rowsIn(s.playlistTracks)).toBe(0);
      expect(await rowsIn(s.playlistCollectiveShares)).toBe(0);
      expect(await rowsIn(s.collectivePlaylistComments)).toBe(0);
      expect(await rowsIn(s.tracks)).toBe(1);
    });

    it('deleting a collective removes members, invitations, links, shares and comments', async () => {
      const { collective } = await seed();
      await db.delete(s.collectives).where(eq(s.collectives.id, collective.id));
      for (const table of [
        s.collectiveMembers,
        s.collectiveInvitations,
        s.collectiveInviteLinks,
        s.playlistCollectiveShares,
        s.collectivePlaylistComments,
      ]) {
        expect(await rowsIn(table)).toBe(0);
      }
      expect(await rowsIn(s.playlists)).toBe(1);
    });

    it('deleting an equipment tag removes its track tags and comments', async () => {
      const { tag } = await seed();
      await db.delete(s.equipmentTags).where(eq(s.equipmentTags.id, tag.id));
      expect(await rowsIn(s.trackEquipmentTags)).toBe(0);
      expect(await rowsIn(s.equipmentComments)).toBe(0);
      expect(await rowsIn(s.tracks)).toBe(1);
    });
  });

  describe('uniqueness', () => {
    it('user email', async () => {
      await seed();
      expect(await rejectionCode(db.insert(s.users).values({ id: 'u3', email: 'u1@example.com' }))).toBe(
        '23505',
      );
    });

    it('equipment tag name, ignoring case', async () => {
      await seed();
      expect(await rejectionCode(db.insert(s.equipmentTags).values({ name: 'juno-60' }))).toBe('23505');
    });

    it('invite link code', async () => {
      const { collective } = await seed();
      const dup = db
        .insert(s.collectiveInviteLinks)
        .values({ collectiveId: collective.id, createdById: 'u1', code: 'abc', type: 'single' });
      expect(await rejectionCode(dup)).toBe('23505');
    });

    it('one tag per track pair', async () => {
      const { track, tag } = await seed();
      const dup = db.insert(s.trackEquipmentTags).values({ trackId: track.id, equipmentTagId: tag.id });
      expect(await rejectionCode(dup)).toBe('23505');
    });

    it('one share per playlist and collective pair', async () => {
      const { playlist, collective } = await seed();
      const dup = db
        .insert(s.playlistCollectiveShares)
        .values({ playlistId: playlist.id, collectiveId: collective.id, sharedByUserId: 'u1' });
      expect(await rejectionCode(dup)).toBe('23505');
    });

    it('one membership per user and collective, and one entry per track in a playlist', async () => {
      const { collective, playlist, track } = await seed();
      expect(
        await rejectionCode(
          db.insert(s.collectiveMembers).values({ collectiveId: collective.id, userId: 'u2' }),
        ),
      ).toBe('23505');
      const dup = db
        .insert(s.playlistTracks)
        .values({ playlistId: playlist.id, trackId: track.id, position: 1 });
      expect(await rejectionCode(dup)).toBe('23505');
    });

    it('invite link type and member role are limited to the known values', async () => {
      const { collective } = await seed();
      const badType = db
        .insert(s.collectiveInviteLinks)
        .values({ collectiveId: collective.id, createdById: 'u1', code: 'zzz', type: 'forever' });
      expect(await rejectionCode(badType)).toBe('23514');
      await db.insert(s.users).values({ id: 'u3' });
      const badRole = db
        .insert(s.collectiveMembers)
        .values({ collectiveId: collective.id, userId: 'u3', role: 'king' });
      expect(await rejectionCode(badRole)).toBe('23514');
    });
  });

  it('has an index leading with the columns of every foreign key', async () => {
    const result = await db.execute(sql`
      select c.conrelid::regclass::text as "table", c.conname as "constraint"
      from pg_constraint c
      where c.contype = 'f'
        -- The app's tables; the job queue's (schema pgboss) are pg-boss's to index.
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey
        )`);
    const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
    expect(rows).toEqual([]);
  });
});

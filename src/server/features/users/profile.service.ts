import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { USERNAME_TAKEN_MESSAGE } from '../../../shared/constants';
import {
  checkProfile,
  PROFILE_NOT_FOUND,
  type ProfileChanges,
  type ProfileFieldErrors,
  PUBLIC_PROFILE_TRACKS,
  type PublicProfile,
  type PublicProfileTrackPage,
  type UpdateProfileBody,
} from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { replaceValue } from '../../db/replace-value';
import { tracks, users } from '../../db/schema';
import {
  afterTimeId,
  decodeTimeIdCursor,
  encodeTimeIdCursor,
  exactTimeOf,
  type TimeIdCursor,
} from '../../db/time-id-cursor';
import { imageUrlOf } from '../../media/image-url';
import { HttpError, notFound } from '../../plugins/errors';
import { hasBlocked } from '../blocks/blocks.service';
import { withEquipment } from '../tracks/tracks.service';
import { claimUsername } from './username.service';
import type { UserRow } from './users.service';

async function update(
  db: Database,
  userId: string,
  changes: Partial<{ [K in keyof typeof users.$inferInsert]: (typeof users.$inferInsert)[K] | SQL }>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('User not found');
  return row;
}

export const updatePrivacy = (db: Database, userId: string, isPublic: boolean) =>
  update(db, userId, { isPublic });

/** Points the person at a new avatar (a key base); returns them with the key base it replaced. */
export async function replaceAvatar(db: Database, userId: string, avatarKey: string) {
  const replaced = await replaceValue(db, users, { column: users.id, equals: userId }, 'avatarKey', {
    avatarKey,
    updatedAt: new Date(),
  });
  if (!replaced) throw notFound('User not found');
  return { result: replaced.row, previous: replaced.previous };
}

/**
 * Social links merged per link in the one UPDATE (decision 0024): links sent are set, links sent as
 * null removed, the others kept, even when two saves race.
 */
function mergedSocialLinks(links: NonNullable<ProfileChanges['socialLinks']>): SQL | undefined {
  const entries = Object.entries(links);
  if (entries.length === 0) return undefined;
  const set = Object.fromEntries(entries.filter(([, v]) => v !== null));
  const removed = entries.filter(([, v]) => v === null).map(([type]) => sql` - ${type}::text`);
  return sql`(${users.socialLinks} || ${JSON.stringify(set)}::jsonb)${sql.join(removed)}`;
}

/**
 * Saves each field that is valid and reports the others (issue 42, decision 0575): username and
 * About trimmed (left out when empty), About cleared when null, social links normalised and merged
 * per link. A username refused (taken, reserved; unique ignoring case) is reported like a field
 * whose value is wrong, and the rest is still saved.
 */
export async function saveProfile(
  db: Database,
  userId: string,
  body: UpdateProfileBody,
): Promise<{ user: UserRow; fieldErrors: ProfileFieldErrors }> {
  const { changes, fieldErrors } = checkProfile(body);
  if (changes.username) {
    try {
      // Uniqueness, reserved names and demo accounts' names are settled there (decision 0028).
      await claimUsername(db, userId, changes.username);
    } catch (err) {
      // Two people claiming one name at the same moment: the unique index decides.
      if (isUniqueViolation(err)) fieldErrors.username = USERNAME_TAKEN_MESSAGE;
      else if (err instanceof HttpError && err.statusCode === 409) fieldErrors.username = err.message;
      else throw err;
    }
  }
  return { user: await updateProfile(db, userId, changes), fieldErrors };
}

/** About and the social links of `changes` in one UPDATE (the username is claimed apart). */
async function updateProfile(db: Database, userId: string, changes: ProfileChanges): Promise<UserRow> {
  const { bio, socialLinks } = changes;
  const links = socialLinks && mergedSocialLinks(socialLinks);
  return update(db, userId, {
    ...(bio === undefined ? {} : { bio }),
    ...(links === undefined ? {} : { socialLinks: links }),
  });
}

/**
 * The person whose public profile `idOrUsername` names, for `viewerId` (null signed out). The
 * person is named by id or by username, ignoring case (decision 0203); an id wins should a
 * username ever equal one (usernames may not look like ids). A private profile and a missing one
 * give the same 404, and so does the profile of someone who blocked the signed-in viewer (decision
 * 0450; signed out it stays public).
 */
async function publicProfileOwner(db: Database, idOrUsername: string, viewerId: string | null) {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.id, idOrUsername), sql`lower(${users.username}) = lower(${idOrUsername})`))
    .orderBy(sql`${users.id} = ${idOrUsername} desc`)
    .limit(1);
  // A suspended person's profile is as gone as a private one (decision 0445).
  if (!user?.isPublic || user.suspendedAt) throw notFound(PROFILE_NOT_FOUND);
  if (viewerId && (await hasBlocked(db, user.id, viewerId))) throw notFound(PROFILE_NOT_FOUND);
  // A profile hidden by a moderator is its owner's alone (decision 0455).
  if (user.profileHiddenAt && user.id !== viewerId) throw notFound(PROFILE_NOT_FOUND);
  return user;
}

/**
 * The tracks a public profile shows: the person's public ones a moderator has not hidden (decisions
 * 0014, 0140, 0455): the predicate of tracks_user_public_order_idx (issue 48), which holds exactly
 * these rows in the profile's order.
 */
const shownOnProfile = (userId: string) =>
  and(
    eq(tracks.userId, userId),
    // A literal, not a parameter: a generic plan could not prove the index's predicate from `$2`.
    sql`${tracks.visibility} = 'public'`,
    isNull(tracks.hiddenAt),
  );

const exactCreatedAt = exactTimeOf(tracks.createdAt);

/**
 * Up to `take` of a profile's tracks after the cursor, newest first (created_at, then the highest
 * id): one range of tracks_user_public_order_idx, read in order, stopping at `take`. Exported for
 * the plan test.
 */
export function publicTracksQuery(
  db: Database,
  userId: string,
  take: number,
  cursor: TimeIdCursor | undefined,
) {
  return db
    .select({ track: tracks, exact: exactCreatedAt })
    .from(tracks)
    .where(and(shownOnProfile(userId), cursor ? afterTimeId(tracks.createdAt, tracks.id, cursor) : undefined))
    .orderBy(desc(tracks.createdAt), desc(tracks.id))
    .limit(take);
}

/** One page of the profile's tracks and the cursor of the next (null on the last page). */
async function publicTracksPage(
  db: Database,
  userId: string,
  limit: number,
  cursor: TimeIdCursor | undefined,
): Promise<PublicProfileTrackPage> {
  // One more than asked: whether it exists says whether there is a next page.
  const rows = await publicTracksQuery(db, userId, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await withEquipment(
      db,
      page.map((r) => r.track),
    ),
    nextCursor: rows.length > limit && last ? encodeTimeIdCursor(last.exact, last.track.id) : null,
  };
}

/**
 * 'N tracks shared', counted up to PUBLIC_PROFILE_TRACKS.counted + 1 (one more says there are
 * more): from the same index, reading at most that many tracks however many the person has (a
 * count of all read every public track's row, 35 ms for 10,000 where the visibility map is not
 * set). Exported for the plan test.
 */
export const publicTrackCountQuery = (db: Database, userId: string) => {
  const shown = db
    .select({ one: sql`1` })
    .from(tracks)
    .where(shownOnProfile(userId))
    .limit(PUBLIC_PROFILE_TRACKS.counted + 1)
    .as('shown');
  return db.select({ n: count() }).from(shown);
};

async function publicTrackCount(db: Database, userId: string) {
  const [row] = await publicTrackCountQuery(db, userId);
  const n = row?.n ?? 0;
  return {
    trackCount: Math.min(n, PUBLIC_PROFILE_TRACKS.counted),
    trackCountCapped: n > PUBLIC_PROFILE_TRACKS.counted,
  };
}

/**
 * A public profile shows the person's public fields, how many public tracks they have (up to
 * PUBLIC_PROFILE_TRACKS.counted) and the newest PUBLIC_PROFILE_TRACKS.first of them (issue 48: it used to be every one), with the cursor
 * GET …/tracks reads on from. Who may see it: publicProfileOwner.
 */
export async function getPublicProfile(
  db: Database,
  idOrUsername: string,
  viewerId: string | null = null,
): Promise<PublicProfile> {
  const user = await publicProfileOwner(db, idOrUsername, viewerId);
  const [first, counted] = await Promise.all([
    publicTracksPage(db, user.id, PUBLIC_PROFILE_TRACKS.first, undefined),
    publicTrackCount(db, user.id),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      avatarUrl: imageUrlOf(user.avatarKey),
      updatedAt: user.updatedAt.toISOString(),
      bio: user.bio,
      socialLinks: user.socialLinks,
    },
    tracks: first.items,
    ...counted,
    nextCursor: first.nextCursor,
  };
}

/** GET /api/public/users/{x}/tracks: a page of the profile's tracks, to whoever may see the profile. */
export async function getPublicProfileTracks(
  db: Database,
  idOrUsername: string,
  viewerId: string | null,
  limit: number,
  cursorText: string | undefined,
): Promise<PublicProfileTrackPage> {
  // The cursor first: a bad one is a 400 whoever the profile is.
  const cursor = cursorText === undefined ? undefined : decodeTimeIdCursor(cursorText);
  const user = await publicProfileOwner(db, idOrUsername, viewerId);
  return publicTracksPage(db, user.id, limit, cursor);
}

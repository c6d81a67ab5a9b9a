import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tracks, users } from '../../db/schema';
import type { TrackRow } from './tracks.service';

/**
 * What a page about a track or playlist says of its owner: name, avatar, profile address, version;
 * never the email.
 */
export const ownerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
  isPublic: users.isPublic,
  updatedAt: users.updatedAt,
};

export interface Owner {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarKey: string | null;
  isPublic: boolean;
  updatedAt: Date;
}

export interface TrackWithOwner {
  track: TrackRow;
  owner: Owner;
}

/**
 * A track with its owner, whoever may see it: callers check access first (a share link's token,
 * decision 0320). Null for a missing track or an id no track can have.
 */
export async function loadTrackWithOwner(
  db: Database,
  trackId: number,
  options: { publicOnly?: boolean } = {},
): Promise<TrackWithOwner | null> {
  if (!Number.isSafeInteger(trackId) || trackId < 1 || trackId > 2_147_483_647) return null;
  const [found] = await db
    .select({ track: tracks, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(
      and(
        eq(tracks.id, trackId),
        options.publicOnly ? eq(tracks.visibility, 'public') : undefined,
        // Nothing of a suspended person is shown to anyone (decision 0445).
        isNull(users.suspendedAt),
        // Nor a track hidden by a moderator (decision 0455): share links and previews answer 404.
        isNull(tracks.hiddenAt),
      ),
    )
    .limit(1);
  return found ?? null;
}

/**
 * A public track (visibility 'public', decision 0140) with its owner; null otherwise, signed-in
 * owner or not. What link previews (decision 0325) and the embeddable player (0330) may show.
 */
export const loadPublicTrack = (db: Database, trackId: number) =>
  loadTrackWithOwner(db, trackId, { publicOnly: true });

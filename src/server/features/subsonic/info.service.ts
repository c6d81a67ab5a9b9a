import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { countOf, formatDuration } from '../../../shared/format';
import type { Database } from '../../db/client';
import { equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
import { imageUrlOf } from '../../media/image-url';
import { IMAGE_SIZES } from '../../media/image-variants';
import { hasBlocked } from '../blocks/blocks.service';
import { listedToViewer } from '../tracks/tracks.service';
import { type ArtistSummary, listArtists, type SongTrack } from './browse.service';
import type { SubsonicNode } from './subsonic-response';

/**
 * What getArtistInfo(2) and getAlbumInfo(2) tell (issue 46, decision 0773): a person's bio where
 * the web app would show it to the caller, their avatar as image URLs, the artists who share gear
 * with them, and a journal year told in a sentence. Only tracks browsing lists to the caller count.
 */

/** The avatar's variants as absolute URLs (the web app's /api/images), small to large; none without one. */
export function imageUrls(origin: string, keyBase: string | null): SubsonicNode {
  if (!keyBase) return {};
  const url = (size: number) => `${origin}${imageUrlOf(keyBase)}-${size}.webp`;
  const [small, large] = [IMAGE_SIZES[0], IMAGE_SIZES.at(-1)!];
  return { smallImageUrl: url(small), mediumImageUrl: url(large), largeImageUrl: url(large) };
}

/**
 * The bio (only where the web app shows it to the caller: their own, or a public profile not
 * hidden by a moderator of someone who has not blocked them, as getPublicProfile) and the images.
 */
export async function artistProfile(
  db: Database,
  viewerId: string,
  ownerId: string,
  origin: string,
): Promise<{ biography?: string; images: SubsonicNode }> {
  const [user] = await db
    .select({
      bio: users.bio,
      avatarKey: users.avatarKey,
      isPublic: users.isPublic,
      hidden: sql<boolean>`${users.profileHiddenAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!user) return { images: {} };
  const shown =
    ownerId === viewerId || (user.isPublic && !user.hidden && !(await hasBlocked(db, ownerId, viewerId)));
  const biography = shown && user.bio?.trim() ? user.bio : undefined;
  return { biography, images: imageUrls(origin, user.avatarKey) };
}

/**
 * Other artists the viewer browses whose listed tracks carry gear the owner's listed tracks carry,
 * the most pieces shared first: one grouped query, and the names from listArtists.
 */
export async function similarArtists(
  db: Database,
  viewerId: string,
  ownerId: string,
  limit: number,
): Promise<ArtistSummary[]> {
  if (limit === 0) return [];
  const theirGear = db
    .selectDistinct({ id: trackEquipmentTags.equipmentTagId })
    .from(trackEquipmentTags)
    .innerJoin(tracks, eq(tracks.id, trackEquipmentTags.trackId))
    .where(and(eq(tracks.userId, ownerId), listedToViewer(db, viewerId)));
  const shared = sql<number>`count(distinct ${trackEquipmentTags.equipmentTagId})::int`;
  const [rows, artists] = await Promise.all([
    db
      .select({ ownerId: tracks.userId, shared })
      .from(tracks)
      .innerJoin(trackEquipmentTags, eq(trackEquipmentTags.trackId, tracks.id))
      .where(
        and(
          ne(tracks.userId, ownerId),
          listedToViewer(db, viewerId),
          inArray(trackEquipmentTags.equipmentTagId, theirGear),
        ),
      )
      .groupBy(tracks.userId)
      .orderBy(desc(shared), asc(tracks.userId)),
    listArtists(db, viewerId),
  ]);
  const byId = new Map(artists.map((artist) => [artist.id, artist]));
  return rows.flatMap((row) => byId.get(row.ownerId) ?? []).slice(0, limit);
}

/** How many pieces of gear an album's notes name. */
const GEAR_NAMED = 3;

/** "3 takes in 2026, 4:05 in all. Most used: Juno-60 (2 takes), TR-808 (1 take)." */
export async function albumNotes(db: Database, year: number, songs: SongTrack[]): Promise<string> {
  const ids = songs.map((track) => track.id);
  const uses = sql<number>`count(distinct ${trackEquipmentTags.trackId})::int`;
  const gear =
    ids.length === 0
      ? []
      : await db
          .select({ name: equipmentTags.name, uses })
          .from(trackEquipmentTags)
          .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
          .where(inArray(trackEquipmentTags.trackId, ids))
          .groupBy(equipmentTags.id, equipmentTags.name)
          .orderBy(desc(uses), asc(equipmentTags.name))
          .limit(GEAR_NAMED);
  const seconds = songs.reduce((sum, track) => sum + (track.duration ?? 0), 0);
  const told = `${countOf(songs.length, 'take')} in ${year}, ${formatDuration(seconds)} in all.`;
  if (gear.length === 0) return told;
  const used = gear.map((g) => `${g.name} (${countOf(Number(g.uses), 'take')})`).join(', ');
  return `${told} Most used: ${used}.`;
}

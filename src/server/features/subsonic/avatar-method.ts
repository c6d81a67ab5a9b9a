import { and, eq, exists, or, sql } from 'drizzle-orm';
import { looksLikeUserId } from '../../../shared/profile-path';
import type { Database } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { parseImageKeyBase } from '../../media/image-variants';
import type { BlobStore } from '../../storage/blob-store';
import { listedToViewer } from '../tracks/tracks.service';
import { askedSize, sendImage } from './cover-art';
import type { SubsonicMediaMethod } from './subsonic-context';
import { required, SubsonicCode, SubsonicError } from './subsonic-response';

/** Longer than any username or user id: no such person, without asking the database. */
const LOGIN_MAX = 64;

/**
 * The avatar of `login` (a username ignoring case, or the user id of someone without one, as /rest
 * logins are), when the caller may know them: themselves, or an artist they browse, whose avatar
 * getArtists already shows as coverArt. Anyone else is unknown: their image key is not read.
 */
async function avatarKeyOf(db: Database, viewerId: string, login: string) {
  if (login.length > LOGIN_MAX || /\p{Cc}/u.test(login)) return undefined;
  const who = looksLikeUserId(login)
    ? eq(users.id, login.toLowerCase())
    : eq(sql`lower(${users.username})`, login.toLowerCase());
  const browsed = exists(
    db
      .select({ one: sql`1` })
      .from(tracks)
      .where(and(eq(tracks.userId, users.id), listedToViewer(db, viewerId))),
  );
  const [row] = await db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(and(who, or(eq(users.id, viewerId), browsed)));
  return row?.avatarKey ?? undefined;
}

/**
 * getAvatar (OpenSubsonic, decision 0792): the person's avatar as getCoverArt serves an image, at
 * most `size` pixels; 70 when they have none or are not the caller's to know (the same answer).
 */
export const avatarMethod =
  (store: BlobStore): SubsonicMediaMethod =>
  async (context) => {
    const { db, caller, params } = context;
    const login = required(params, 'username');
    const image = parseImageKeyBase(await avatarKeyOf(db, caller.user.id, login));
    if (!image) throw new SubsonicError(SubsonicCode.notFound, 'Avatar not found');
    return sendImage(context, store, image, askedSize(params));
  };

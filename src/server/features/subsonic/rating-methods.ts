import { requireBrowsedAlbum, requireBrowsedArtist } from './item-access';
import { requireListenable } from './play-state-songs';
import { type RatingKind, setRating } from './ratings.service';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { required, SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * What `id` names, if the caller may reach it now (as star checks, decision 0390): a song they may
 * hear, an album or artist they browse. Anything else is 70, whether or not it exists.
 */
async function reachable({ db, caller }: SubsonicContext, id: string): Promise<RatingKind> {
  const viewerId = caller.user.id;
  if (id.startsWith('al-')) {
    await requireBrowsedAlbum(db, viewerId, id);
    return 'album';
  }
  if (id.startsWith('ar-')) {
    await requireBrowsedArtist(db, viewerId, id);
    return 'artist';
  }
  await requireListenable(db, viewerId, [id]);
  return 'song';
}

/** setRating (issue 46, decision 0784): the caller's own 1-5 stars; 0 removes them. */
export const ratingMethods: Record<string, SubsonicMethod> = {
  setRating: async (context) => {
    const id = required(context.params, 'id');
    const raw = required(context.params, 'rating');
    // The protocol's rating is a whole number 0-5; anything else is the client's mistake (code 0).
    if (!/^[0-5]$/.test(raw)) {
      throw new SubsonicError(SubsonicCode.generic, 'rating must be a whole number from 0 to 5');
    }
    const kind = await reachable(context, id);
    // A song's id is its track id in any spelling requireListenable took ("007" is track 7).
    const itemId = kind === 'song' ? String(Number(id)) : id;
    await setRating(context.db, context.caller.user.id, kind, itemId, Number(raw));
    return {};
  },
};

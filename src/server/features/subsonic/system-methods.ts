import { looksLikeUserId } from '../../../shared/profile-path';
import type { UserRow } from '../users/users.service';
import { loginOf } from './subsonic-auth';
import type { SubsonicMethod } from './subsonic-context';
import { MUSIC_FOLDER } from './subsonic-library';
import { missingParameter, SubsonicCode, SubsonicError, type SubsonicNode } from './subsonic-response';

/**
 * What getOpenSubsonicExtensions lists: only what /rest really does, since clients switch on them.
 * transcodeOffset: stream's `timeOffset` seeks a transcode (transcode.ts); songLyrics:
 * getLyricsBySongId answers (with no lyrics: Journal keeps none, library-status-methods.ts);
 * indexBasedQueue: getPlayQueueByIndex and savePlayQueueByIndex (play-queue-methods.ts).
 */
export const OPEN_SUBSONIC_EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'indexBasedQueue', versions: [1] },
  { name: 'songLyrics', versions: [1] },
  { name: 'transcodeOffset', versions: [1] },
];

const sameLogin = (user: UserRow, name: string) =>
  looksLikeUserId(name)
    ? user.id === name.toLowerCase()
    : user.username?.toLowerCase() === name.toLowerCase();

/**
 * Journal has no admins and no per-app roles: what a Subsonic user may do is what the web app lets
 * anyone signed in do. Roles for what /rest does not offer yet stay false.
 */
function userNode(user: UserRow): SubsonicNode {
  return {
    username: loginOf(user),
    email: user.email ?? undefined,
    scrobblingEnabled: false,
    adminRole: false,
    settingsRole: false,
    downloadRole: true,
    uploadRole: false,
    playlistRole: true,
    coverArtRole: false,
    commentRole: false,
    podcastRole: false,
    streamRole: true,
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
    folder: [MUSIC_FOLDER.id],
  };
}

export const systemMethods: Record<string, SubsonicMethod> = {
  ping: () => ({}),
  getLicense: () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: () => ({ openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS }),
  getMusicFolders: () => ({ musicFolders: { musicFolder: [{ ...MUSIC_FOLDER }] } }),
  getUser: ({ caller, params }) => {
    const name = params.get('username');
    if (name === undefined) throw missingParameter('username');
    // Only oneself: other people's accounts are not the caller's to read (not even whether they exist).
    if (!sameLogin(caller.user, name)) {
      throw new SubsonicError(SubsonicCode.notAuthorized, 'You may only read your own user');
    }
    return { user: userNode(caller.user) };
  },
};

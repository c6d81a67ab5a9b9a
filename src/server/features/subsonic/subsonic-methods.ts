import { absentMethods } from './absent-methods';
import { bookmarkMethods } from './bookmark-methods';
import { browseMethods } from './browse-methods';
import { directoryMethods } from './directory-methods';
import { genreMethods } from './genre-methods';
import { infoMethods } from './info-methods';
import { legacyListMethods } from './legacy-list-methods';
import { libraryStatusMethods } from './library-status-methods';
import { listMethods } from './list-methods';
import { playMethods } from './play-methods';
import { playQueueMethods } from './play-queue-methods';
import { playlistMethods } from './playlist-methods';
import { ratingMethods } from './rating-methods';
import { songListMethods } from './song-list-methods';
import { starMethods } from './star-methods';
import type { SubsonicMethod } from './subsonic-context';
import { systemMethods } from './system-methods';

/**
 * Every method /rest answers, by name (`ping` for `/rest/ping` and `/rest/ping.view`); the media
 * methods are media-methods.ts's. The one module that imports the method modules: they share what
 * they need through subsonic-context.ts, subsonic-library.ts and subsonic-response.ts, never
 * through here, so no import leads back (decision 0466).
 */
export const SUBSONIC_METHODS: ReadonlyMap<string, SubsonicMethod> = new Map(
  Object.entries({
    ...systemMethods,
    ...browseMethods,
    ...playlistMethods,
    ...listMethods,
    ...playMethods,
    ...starMethods,
    ...libraryStatusMethods,
    ...absentMethods,
    ...directoryMethods,
    ...genreMethods,
    ...infoMethods,
    ...songListMethods,
    ...legacyListMethods({ ...listMethods, ...starMethods }),
    ...playQueueMethods,
    ...bookmarkMethods,
    ...ratingMethods,
  }),
);

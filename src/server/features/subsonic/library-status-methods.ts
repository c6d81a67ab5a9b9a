import { count } from 'drizzle-orm';
import { tracks } from '../../db/schema';
import { listedHalves } from '../tracks/tracks.service';
import { listenableSong } from './song-access';
import { loginOf } from './subsonic-auth';
import type { SubsonicMethod } from './subsonic-context';
import { required } from './subsonic-response';

/**
 * What clients ask of the library itself (decision 0806). Journal has no folders to scan: a track is
 * in the library the moment its upload is processed, so a scan is never running and starting one
 * starts nothing; `count` is the songs the caller browses. Lyrics: Journal keeps none, so a song the
 * caller may hear has an empty list (70 for any other, as getSong).
 */
const scanStatus: SubsonicMethod = async ({ db, caller }) => {
  // Each half of what the caller browses counted by its own index (listedHalves).
  const counts = await Promise.all(
    listedHalves(db, caller.user.id).map((half) => db.select({ songs: count() }).from(tracks).where(half)),
  );
  const songs = counts.reduce((sum, [row]) => sum + Number(row?.songs ?? 0), 0);
  return { scanStatus: { scanning: false, count: songs } };
};

export const libraryStatusMethods: Record<string, SubsonicMethod> = {
  getScanStatus: scanStatus,
  startScan: scanStatus,
  // The login of whoever the key (or password) belongs to: OpenSubsonic apiKeyAuthentication.
  tokenInfo: ({ caller }) => ({ tokenInfo: { username: loginOf(caller.user) } }),
  getLyrics: ({ params }) => {
    const artist = params.get('artist');
    const title = params.get('title');
    return { lyrics: { artist, title, value: '' } };
  },
  getLyricsBySongId: async ({ db, caller, params }) => {
    await listenableSong(db, required(params, 'id'), caller.user.id);
    return { lyricsList: { structuredLyrics: [] } };
  },
};

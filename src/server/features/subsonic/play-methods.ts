import { INT4_MAX } from '../../../shared/schemas/primitives';
import { nowPlayingOf, setNowPlaying } from '../plays/now-playing.service';
import { recordPlay } from '../plays/plays.service';
import type { TrackRow } from '../tracks/tracks.service';
import { ownerOf } from './browse.service';
import { listenableSong } from './song-access';
import { songNodes } from './song-nodes';
import { loginOf } from './subsonic-auth';
import type { SubsonicMethod } from './subsonic-context';
import { missingParameter, SubsonicCode, SubsonicError } from './subsonic-response';

/** A scrobble without `c` (the protocol does not require it) is still a Subsonic app's. */
const UNNAMED_CLIENT = 'subsonic';

/** `time`, milliseconds since the epoch, when given. */
function timeOf(raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw))
    throw new SubsonicError(SubsonicCode.generic, 'time must be milliseconds since 1970');
  return new Date(Number(raw));
}

/** A stable number for a player's name: Subsonic's playerId is an integer, Journal keys players by `c`. */
function playerIdOf(client: string): number {
  let hash = 0;
  for (const char of client) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) | 0;
  return Math.abs(hash) % INT4_MAX;
}

/** scrobble and getNowPlaying (issue 26, decision 0395), into the web app's own listening data. */
export const playMethods: Record<string, SubsonicMethod> = {
  scrobble: async ({ db, caller, params }) => {
    const ids = params.getAll('id');
    if (ids.length === 0) throw missingParameter('id');
    const times = params.getAll('time').map(timeOf);
    const submission = (params.get('submission') ?? 'true').toLowerCase() !== 'false';
    const client = params.get('c') || UNNAMED_CLIENT;
    // Every song is checked before anything is written: one the caller may not hear fails them all.
    const songs: TrackRow[] = [];
    for (const id of ids) songs.push(await listenableSong(db, id, caller.user.id));
    if (submission) {
      // A play's time is capped to now (recordPlay), and the flood guard drops repeats.
      for (const [i, track] of songs.entries()) {
        await recordPlay(db, { userId: caller.user.id, track, client, playedAt: times[i] });
      }
    } else {
      await setNowPlaying(db, caller.user.id, client, songs.at(-1)!);
    }
    return {};
  },

  getNowPlaying: async ({ db, caller }) => {
    const rows = await nowPlayingOf(db, caller.user.id);
    const songs = await songNodes(
      db,
      caller.user.id,
      await Promise.all(rows.map(async (row) => ({ track: row.track, owner: await ownerOf(db, row.track) }))),
    );
    const entry = rows.map((row, i) => ({
      ...songs[i],
      username: loginOf(caller.user),
      minutesAgo: Math.max(0, Math.floor((Date.now() - row.startedAt.getTime()) / 60_000)),
      playerId: playerIdOf(row.client),
      playerName: row.client,
    }));
    return { nowPlaying: { entry } };
  },
};

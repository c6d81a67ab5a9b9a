import { checkMusicFolder } from './directory-nodes';
import { listGenres, songsByGenre } from './genres.service';
import { count, offsetOf } from './page-params';
import { songNodes } from './song-nodes';
import type { SubsonicMethod } from './subsonic-context';
import { required } from './subsonic-response';

// getGenres and getSongsByGenre (decision 0771): genres are the equipment categories of the gear
// on the tracks the caller browses.

export const genreMethods: Record<string, SubsonicMethod> = {
  getGenres: async ({ db, caller }) => ({
    genres: {
      genre: (await listGenres(db, caller.user.id)).map((g) => ({
        value: g.genre,
        songCount: g.songCount,
        albumCount: g.albumCount,
      })),
    },
  }),

  getSongsByGenre: async ({ db, caller, params }) => {
    const genre = required(params, 'genre');
    checkMusicFolder(params);
    const page = { offset: offsetOf(params, 'offset'), limit: count(params, 'count', 10) };
    const rows = await songsByGenre(db, caller.user.id, genre, page);
    return { songsByGenre: { song: await songNodes(db, caller.user.id, rows) } };
  },
};

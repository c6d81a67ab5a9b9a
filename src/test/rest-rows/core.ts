import { songCoverArt } from '../../server/features/subsonic/song-cover';
import type { RestWorld } from '../rest-roles';
import { TITLES } from '../rest-roles';
import { all, browsed, byId, type Call, type MethodRow, onFresh, type PerRole } from './build';

/** getCoverArt of a song's waveform tile, by the id its owner's player is told. */
const tile = (trackId: (w: RestWorld) => number, expect: PerRole): Call => ({
  label: 'tile',
  params: (w) => ({ id: songCoverArt({ id: trackId(w), peaksKey: null }), size: 64 }),
  expect,
});

/** The rows of the methods of issue 26 (decisions 0385-0405). */
export const CORE_ROWS: Record<string, MethodRow> = {
  ping: { writes: false, calls: [all('no parameters')] },
  getLicense: { writes: false, calls: [all('no parameters')] },
  getOpenSubsonicExtensions: { writes: false, calls: [all('no parameters')] },
  getMusicFolders: { writes: false, calls: [all('no parameters')] },
  getUser: {
    writes: false,
    calls: [
      all('oneself', (w, who) => ({ username: w.login[who] })),
      { label: "the owner's", params: (w) => ({ username: w.login.owner }), expect: ['ok', 50, 50, 50] },
    ],
  },
  getArtists: {
    writes: false,
    calls: [{ ...all('all'), shows: (w) => ({ owner: [`ar-${w.ownerId}`], member: [`ar-${w.ownerId}`] }) }],
  },
  getIndexes: {
    writes: false,
    calls: [{ ...all('all'), shows: (w) => ({ admin: [`ar-${w.ownerId}`], member: [`ar-${w.ownerId}`] }) }],
  },
  getArtist: {
    writes: false,
    calls: [
      {
        label: 'the owner',
        params: (w) => ({ id: `ar-${w.ownerId}` }),
        expect: ['ok', 'ok', 'ok', 70],
        shows: (w) => ({ owner: [`al-${w.ownerId}-${w.year}`], member: [`al-${w.ownerId}-${w.year}`] }),
      },
    ],
  },
  getAlbum: {
    writes: false,
    calls: [
      {
        label: "the owner's journal",
        params: (w) => ({ id: `al-${w.ownerId}-${w.year}` }),
        expect: ['ok', 'ok', 'ok', 70],
        shows: () => ({ ...browsed(), outsider: [] }),
      },
    ],
  },
  getSong: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, ['ok', 70, 70, 70], 'private'),
      byId((w) => w.tracks.band, ['ok', 'ok', 'ok', 70], 'shared'),
      { ...byId((w) => w.tracks.open, 'ok', 'public'), shows: () => ({ outsider: [TITLES.open] }) },
    ],
  },
  getAlbumList2: { writes: false, calls: [{ ...all('newest', () => ({ type: 'newest' })) }] },
  getRandomSongs: { writes: false, calls: [{ ...all('many', () => ({ size: 50 })), shows: browsed }] },
  search3: {
    writes: false,
    calls: [
      { ...all('everything', () => ({ query: '' })), shows: browsed },
      // By word, the web app's search: one's own tracks only (decision 0130).
      {
        ...all('by word', () => ({ query: 'take' })),
        shows: () => ({ owner: browsed().owner, outsider: browsed().outsider }),
      },
    ],
  },
  getPlaylists: {
    writes: false,
    calls: [
      {
        ...all('all'),
        shows: () => ({ owner: ['Hidden list', 'Band list', 'Open list'], member: ['Band list'] }),
      },
    ],
  },
  getPlaylist: {
    writes: false,
    calls: [
      byId((w) => w.lists.hidden, ['ok', 70, 70, 70], 'hidden'),
      {
        ...byId((w) => w.lists.band, ['ok', 'ok', 'ok', 70], 'shared'),
        shows: () => ({ member: [TITLES.band] }),
      },
      // A stranger's public list opens by id as its public page: its private track left out.
      { ...byId((w) => w.lists.open, 'ok', 'public'), shows: () => ({ outsider: [TITLES.open] }) },
    ],
  },
  createPlaylist: {
    writes: true,
    calls: [
      {
        label: 'new, with the private track',
        params: (w) => ({ name: 'New', songId: w.tracks.private }),
        expect: ['ok', 70, 70, 70],
      },
      onFresh('hidden', ['ok', 70, 70, 70], { songId: [] }),
      onFresh('band', ['ok', 50, 50, 70]),
      onFresh('open', ['ok', 50, 50, 50]),
    ],
  },
  updatePlaylist: {
    writes: true,
    calls: [
      onFresh('hidden', ['ok', 70, 70, 70], { name: 'Renamed' }),
      onFresh('band', ['ok', 50, 50, 70], { songIndexToRemove: 0 }),
      onFresh('open', ['ok', 50, 50, 50], { public: 'false' }),
    ],
  },
  deletePlaylist: {
    writes: true,
    calls: [
      onFresh('hidden', ['ok', 70, 70, 70], {}, 'id'),
      onFresh('band', ['ok', 50, 50, 70], {}, 'id'),
      onFresh('open', ['ok', 50, 50, 50], {}, 'id'),
    ],
  },
  stream: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, ['bytes', 70, 70, 70], 'private'),
      byId((w) => w.tracks.band, ['bytes', 'bytes', 'bytes', 70], 'shared'),
      byId((w) => w.tracks.open, 'bytes', 'public'),
    ],
  },
  download: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, ['bytes', 70, 70, 70], 'private'),
      byId((w) => w.tracks.band, ['bytes', 'bytes', 'bytes', 70], 'shared'),
      byId((w) => w.tracks.open, 'bytes', 'public'),
    ],
  },
  // Listening data (decision 0395) is the listener's own: it changes what no cached access answer
  // holds, so these methods are not writes in the access cache's sense (method-writes.ts).
  scrobble: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, ['ok', 70, 70, 70], 'private'),
      byId((w) => w.tracks.band, ['ok', 'ok', 'ok', 70], 'shared'),
      byId((w) => w.tracks.open, 'ok', 'public'),
      {
        label: 'now playing, shared',
        params: (w) => ({ id: w.tracks.band, submission: 'false' }),
        expect: ['ok', 'ok', 'ok', 70],
      },
    ],
  },
  getNowPlaying: { writes: false, calls: [all('all')] },
  // Likes (decision 0390) are the caller's own too: the same reasoning as scrobble.
  star: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, ['ok', 70, 70, 70], 'private'),
      byId((w) => w.tracks.band, ['ok', 'ok', 'ok', 70], 'shared'),
      byId((w) => w.tracks.open, 'ok', 'public'),
      {
        label: "the owner's journal",
        params: (w) => ({ albumId: `al-${w.ownerId}-${w.year}` }),
        expect: ['ok', 'ok', 'ok', 70],
      },
      {
        label: 'the owner',
        params: (w) => ({ artistId: `ar-${w.ownerId}` }),
        expect: ['ok', 'ok', 'ok', 70],
      },
    ],
  },
  // Unstarring tells nothing of what it names, so it answers alike for everything.
  unstar: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, 'ok', 'private'),
      byId((w) => w.tracks.band, 'ok', 'shared'),
      { label: 'the owner', params: (w) => ({ artistId: `ar-${w.ownerId}` }), expect: 'ok' },
    ],
  },
  getStarred2: { writes: false, calls: [all('all')] },
  // Images are public by URL (decision 0116); what keeps a private list's picture private is that
  // its id is never told (the secrets checks of every other row). A song's tile is seen by who may
  // hear the song (decision 0790), whatever its id's tag says (a stale one names the current tile).
  getCoverArt: {
    writes: false,
    calls: [
      { label: "the band list's picture", params: (w) => ({ id: w.covers.band }), expect: 'bytes' },
      { ...tile((w) => w.tracks.private, ['bytes', 70, 70, 70]), label: "the private song's tile" },
      { ...tile((w) => w.tracks.band, ['bytes', 'bytes', 'bytes', 70]), label: "the shared song's tile" },
      { ...tile((w) => w.tracks.open, 'bytes'), label: "the public song's tile" },
      {
        label: 'no such picture',
        params: () => ({ id: 'pl-00000000-0000-0000-0000-000000000000' }),
        expect: 70,
      },
    ],
  },
};

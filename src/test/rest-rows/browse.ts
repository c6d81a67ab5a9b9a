import type { RestWorld } from '../rest-roles';
import { all, browsed, byId, type Call, type MethodRow, type PerRole } from './build';

/**
 * The rows of issue 46's browsing and list methods (decisions 0770-0775). Members browse the
 * owner's shared track only; outsiders none of the owner's music (a public track opens by id, but
 * browsing does not list it); nothing private reaches anyone but the owner.
 */
const artist = (w: RestWorld) => `ar-${w.ownerId}`;
const album = (w: RestWorld) => `al-${w.ownerId}-${w.year}`;
const listedOnly = () => ({ ...browsed(), outsider: [] });

const onArtist = (expect: PerRole = ['ok', 'ok', 'ok', 70]): Call => ({
  label: 'the owner',
  params: (w) => ({ id: artist(w) }),
  expect,
});
const onAlbum = (expect: PerRole = ['ok', 'ok', 'ok', 70]): Call => ({
  label: "the owner's journal",
  params: (w) => ({ id: album(w) }),
  expect,
});
/** By song id: the private one the owner's alone, the shared one members', the public one anyone's. */
const onSongs = (): Call[] => [
  byId((w) => w.tracks.private, ['ok', 70, 70, 70], 'private song'),
  byId((w) => w.tracks.band, ['ok', 'ok', 'ok', 70], 'shared song'),
  byId((w) => w.tracks.open, 'ok', 'public song'),
];
const info: MethodRow = { writes: false, calls: [onArtist(), onAlbum(), ...onSongs()] };
const albumInfo: MethodRow = { writes: false, calls: [onAlbum(), ...onSongs()] };
const similar: MethodRow = { writes: false, calls: [onArtist(), onAlbum(), ...onSongs()] };

export const BROWSE_ROWS: Record<string, MethodRow> = {
  getMusicDirectory: {
    writes: false,
    calls: [
      {
        ...all('the music folder', () => ({ id: 1 })),
        shows: (w) => ({ owner: [artist(w)], member: [artist(w)] }),
      },
      { ...onArtist(), shows: (w) => ({ owner: [album(w)], member: [album(w)] }) },
      { ...onAlbum(), shows: listedOnly },
    ],
  },
  getGenres: { writes: false, calls: [all('all')] },
  getSongsByGenre: { writes: false, calls: [all('a genre', () => ({ genre: 'Hardware Synth' }))] },
  getArtistInfo: info,
  getArtistInfo2: info,
  getAlbumInfo: albumInfo,
  getAlbumInfo2: albumInfo,
  getTopSongs: {
    writes: false,
    calls: [{ ...all("the owner's name", (w) => ({ artist: w.login.owner, count: 50 })), shows: listedOnly }],
  },
  getSimilarSongs: similar,
  getSimilarSongs2: similar,
  getAlbumList: {
    writes: false,
    calls: [
      {
        ...all('newest', () => ({ type: 'newest' })),
        shows: (w) => ({ owner: [album(w)], member: [album(w)] }),
      },
    ],
  },
  search2: {
    writes: false,
    calls: [
      { ...all('everything', () => ({ query: '' })), shows: browsed },
      {
        ...all('by word', () => ({ query: 'take' })),
        shows: () => ({ owner: browsed().owner, outsider: browsed().outsider }),
      },
    ],
  },
  getStarred: { writes: false, calls: [all('all')] },
  search: {
    writes: false,
    calls: [
      { ...all('everything', () => ({ count: 50 })), shows: browsed },
      {
        ...all('by word', () => ({ any: 'take' })),
        shows: () => ({ owner: browsed().owner, outsider: browsed().outsider }),
      },
    ],
  },
};

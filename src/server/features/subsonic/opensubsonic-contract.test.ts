import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { loadSpec } from '../../../test/opensubsonic-spec';
import { type RestWorld, seedRestWorld } from '../../../test/rest-roles';
import { elementNames, jsonElementNames } from '../../../test/subsonic-shapes';
import { parseXml } from '../../../test/xml';
import { equipmentTags, trackEquipmentTags } from '../../db/schema';
import { mediaMethods, type SubsonicMediaDeps } from './media-methods';
import { SUBSONIC_METHODS } from './subsonic-methods';
import { SUBSONIC_NAMESPACE } from './subsonic-response';

/**
 * The /rest contract (issue 46, decision 0807): every method of the OpenSubsonic specification
 * (reference/opensubsonic-openapi, Subsonic 1.16.1 with the OpenSubsonic additions) is called as a
 * player would, over a seeded library, in JSON and in XML. Each JSON reply must validate against
 * the specification's schema for that method, and be the outcome named below (a method Journal
 * offers answers `ok`, or bytes); each XML reply must be well-formed, in the Subsonic namespace,
 * with the same elements and attributes as the JSON reply.
 */
type Params = Record<string, string | number>;
type Expect = 'ok' | 'bytes' | number;
type World = RestWorld & {
  genre: string;
  ownerName: string;
  /** A /rest call as the owner (JSON), for what a row needs made first. */
  rest: (method: string, params: Params) => Promise<unknown>;
};
interface Row {
  params: (w: World) => Params | Promise<Params>;
  expect: Expect;
}

const none = (expect: Expect = 'ok'): Row => ({ params: () => ({}), expect });
const song = (expect: Expect = 'ok', name = 'id'): Row => ({
  params: (w) => ({ [name]: w.tracks.band }),
  expect,
});
const artist = (): Row => ({ params: (w) => ({ id: `ar-${w.ownerId}` }), expect: 'ok' });
const album = (): Row => ({ params: (w) => ({ id: `al-${w.ownerId}-${w.year}` }), expect: 'ok' });

/** Every method the specification names, with what to send and what Journal answers. */
const ROWS: Record<string, Row> = {
  ping: none(),
  getLicense: none(),
  getOpenSubsonicExtensions: none(),
  getMusicFolders: none(),
  getUser: { params: (w) => ({ username: w.login.owner }), expect: 'ok' },
  tokenInfo: none(),
  getScanStatus: none(),
  startScan: none(),
  getIndexes: none(),
  getArtists: none(),
  getMusicDirectory: artist(),
  getArtist: artist(),
  getArtistInfo: artist(),
  getArtistInfo2: artist(),
  getAlbum: album(),
  getAlbumInfo: album(),
  getAlbumInfo2: album(),
  getSong: song(),
  getGenres: none(),
  getSongsByGenre: { params: (w) => ({ genre: w.genre }), expect: 'ok' },
  getTopSongs: { params: (w) => ({ artist: w.ownerName }), expect: 'ok' },
  getSimilarSongs: song(),
  getSimilarSongs2: song(),
  getAlbumList: { params: () => ({ type: 'newest' }), expect: 'ok' },
  getAlbumList2: { params: () => ({ type: 'alphabeticalByArtist' }), expect: 'ok' },
  getRandomSongs: { params: () => ({ size: 50 }), expect: 'ok' },
  getNowPlaying: none(),
  search: { params: () => ({ any: 'take' }), expect: 'ok' },
  search2: { params: () => ({ query: '' }), expect: 'ok' },
  search3: { params: () => ({ query: '' }), expect: 'ok' },
  getPlaylists: none(),
  getPlaylist: { params: (w) => ({ id: w.lists.band }), expect: 'ok' },
  createPlaylist: { params: (w) => ({ name: 'Contract', songId: w.tracks.band }), expect: 'ok' },
  updatePlaylist: {
    params: async (w) => ({ playlistId: await w.freshList('hidden'), name: 'Renamed' }),
    expect: 'ok',
  },
  deletePlaylist: { params: async (w) => ({ id: await w.freshList('hidden') }), expect: 'ok' },
  star: song(),
  unstar: song(),
  getStarred: none(),
  getStarred2: none(),
  setRating: { params: (w) => ({ id: w.tracks.band, rating: 4 }), expect: 'ok' },
  scrobble: song(),
  savePlayQueue: {
    params: (w) => ({ id: w.tracks.band, current: w.tracks.band, position: 1500 }),
    expect: 'ok',
  },
  getPlayQueue: none(),
  savePlayQueueByIndex: {
    params: (w) => ({ id: w.tracks.band, currentIndex: 0, position: 1500 }),
    expect: 'ok',
  },
  getPlayQueueByIndex: none(),
  createBookmark: { params: (w) => ({ id: w.tracks.band, position: 2000, comment: 'Bridge' }), expect: 'ok' },
  getBookmarks: none(),
  // Made again before each call (JSON, then XML): a bookmark deleted once is gone.
  deleteBookmark: {
    params: async (w) => {
      await w.rest('createBookmark', { id: w.tracks.band, position: 1000 });
      return { id: w.tracks.band };
    },
    expect: 'ok',
  },
  getLyrics: { params: () => ({ artist: 'Someone', title: 'Band take' }), expect: 'ok' },
  getLyricsBySongId: song(),
  stream: song('bytes'),
  download: song('bytes'),
  getCoverArt: { params: (w) => ({ id: w.covers.band, size: 64 }), expect: 'bytes' },
  getAvatar: { params: (w) => ({ username: w.login.owner }), expect: 70 },
  // What Journal does not have (absent-methods.ts, decision 0806).
  getPodcasts: none(),
  getNewestPodcasts: none(),
  getPodcastEpisode: { params: () => ({ id: 'pe-1' }), expect: 70 },
  refreshPodcasts: none(50),
  createPodcastChannel: { params: () => ({ url: 'https://example.org/feed' }), expect: 50 },
  deletePodcastChannel: { params: () => ({ id: '1' }), expect: 50 },
  deletePodcastEpisode: { params: () => ({ id: '1' }), expect: 50 },
  downloadPodcastEpisode: { params: () => ({ id: '1' }), expect: 50 },
  getInternetRadioStations: none(),
  createInternetRadioStation: {
    params: () => ({ streamUrl: 'https://example.org/live', name: 'Live' }),
    expect: 50,
  },
  updateInternetRadioStation: {
    params: () => ({ id: '1', streamUrl: 'https://e.org', name: 'L' }),
    expect: 50,
  },
  deleteInternetRadioStation: { params: () => ({ id: '1' }), expect: 50 },
  jukeboxControl: { params: () => ({ action: 'status' }), expect: 50 },
  getChatMessages: none(),
  addChatMessage: { params: () => ({ message: 'Hello' }), expect: 50 },
  getVideos: none(),
  getVideoInfo: { params: () => ({ id: '1' }), expect: 70 },
  getCaptions: { params: () => ({ id: '1' }), expect: 70 },
  'hls.m3u8': song(0),
  getUsers: none(50),
  createUser: { params: () => ({ username: 'n', password: 'p', email: 'n@example.org' }), expect: 50 },
  updateUser: { params: () => ({ username: 'n' }), expect: 50 },
  deleteUser: { params: () => ({ username: 'n' }), expect: 50 },
  changePassword: { params: () => ({ username: 'n', password: 'p' }), expect: 50 },
  getShares: none(),
  createShare: song(50),
  updateShare: { params: () => ({ id: '1' }), expect: 50 },
  deleteShare: { params: () => ({ id: '1' }), expect: 50 },
  reportPlayback: none(0),
  getTranscodeDecision: none(0),
  getTranscodeStream: none(0),
  findSonicPath: none(0),
  getSonicSimilarTracks: song(0),
};

const spec = loadSpec();
let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { subsonicAuth: 100_000, subsonicAuthAddress: 100_000 } });
  const seeded = await seedRestWorld(t);
  const rest = async (method: string, params: Params) => {
    const res = await t.app.inject({
      url: `/rest/${method}?${query({ ...params, f: 'json', ...seeded.auth.owner })}`,
    });
    return res.json()['subsonic-response'];
  };
  // Gear on the shared take: its category is the song's genre (decision 0770).
  const genre = 'Hardware Synth';
  const [gear] = await t.db.insert(equipmentTags).values({ name: 'Juno-60', category: genre }).returning();
  await t.db.insert(trackEquipmentTags).values({ trackId: seeded.tracks.band, equipmentTagId: gear!.id });
  const { artist } = (await rest('getArtist', { id: `ar-${seeded.ownerId}` })) as {
    artist: { name: string };
  };
  world = { ...seeded, genre, ownerName: artist.name, rest };
}, 60_000);
afterAll(async () => t.close());

const query = (params: Params) =>
  new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();

describe('OpenSubsonic contract (decision 0807)', () => {
  it('has a row for every method of the specification, and /rest answers each of them', () => {
    const specified = spec.methods.map((method) => method.name).sort();
    expect(Object.keys(ROWS).sort()).toEqual(specified);
    const answered = new Set([...SUBSONIC_METHODS.keys(), ...mediaMethods({} as SubsonicMediaDeps).keys()]);
    expect(specified.filter((name) => !answered.has(name))).toEqual([]);
  });

  for (const method of spec.methods) {
    it(`${method.name}: the reply matches the specification in JSON and XML`, async () => {
      const row = ROWS[method.name]!;
      const params = { ...(await row.params(world)), apiKey: world.auth.owner!.apiKey! };
      const json = await t.app.inject({ url: `/rest/${method.name}?${query({ ...params, f: 'json' })}` });
      expect(json.statusCode).toBe(200);
      const type = String(json.headers['content-type']);
      if (row.expect === 'bytes') {
        expect(type, json.body.slice(0, 200)).not.toMatch(/json|xml/);
        expect(json.rawPayload.length).toBeGreaterThan(0);
        return;
      }
      expect(type).toBe('application/json; charset=utf-8');
      const reply = json.json();
      const envelope = reply['subsonic-response'];
      expect(envelope, 'the subsonic-response element').toBeDefined();
      const outcome = envelope.status === 'ok' ? 'ok' : envelope.error?.code;
      expect(outcome, JSON.stringify(envelope).slice(0, 300)).toBe(row.expect);
      const validate = method.validate ?? spec.envelope;
      expect(validate(reply) ? [] : validate.errors, JSON.stringify(envelope).slice(0, 600)).toEqual([]);

      // The same call in XML (the protocol's default): well-formed, the same elements and attributes.
      // Calls that change something are not repeated: their XML form is the same envelope.
      const again = await t.app.inject({
        url: `/rest/${method.name}?${query(await row.params(world))}&apiKey=${params.apiKey}`,
      });
      expect(again.statusCode).toBe(200);
      expect(String(again.headers['content-type'])).toBe('text/xml; charset=utf-8');
      const root = parseXml(again.body);
      expect(root).toMatchObject({ name: 'subsonic-response', uri: SUBSONIC_NAMESPACE });
      expect(root.attributes.status).toBe(envelope.status);
      expect(elementNames(root)).toEqual(jsonElementNames(envelope));
    });
  }
});

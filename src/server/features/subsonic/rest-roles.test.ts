import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  leakedIds,
  type Outcome,
  outcomeOf,
  REFUSED,
  type RestWorld,
  ROLES,
  type Role,
  SIGNED_IN,
  type SignedIn,
  secretsOf,
  seedRestWorld,
  TITLES,
  UNAUTHENTICATED,
} from '../../../test/rest-roles';
import { mediaMethods, type SubsonicMediaDeps } from './media-methods';
import { SUBSONIC_METHODS } from './subsonic-methods';

/**
 * The /rest rows of the route × role matrix (issue 26, decision 0405): every method /rest answers,
 * called by every caller of the world (the music's owner, a collective admin by token and salt, a
 * member, an outsider; no credential, a revoked key, a wrong password) on private, shared and public
 * tracks and playlists. Each reply must be the outcome its row names, must show the caller what
 * the web app shows them, and must carry nothing the web app would refuse them: no secret title,
 * playlist name, cover id, song or playlist id, in JSON or XML, and no secret track's bytes.
 *
 * A method without a row fails the first test: add one below (what to send, what each of owner,
 * admin, member, outsider gets, whether the method writes).
 */
type Params = Record<string, string | number | (string | number)[]>;
type PerRole = Outcome | [owner: Outcome, admin: Outcome, member: Outcome, outsider: Outcome];

interface Call {
  label: string;
  params: (w: RestWorld, who: SignedIn) => Params | Promise<Params>;
  expect: PerRole;
  /** Text each caller must find in the reply: what the web app shows them. */
  shows?: (w: RestWorld) => Partial<Record<SignedIn, string[]>>;
}

interface MethodRow {
  /** Declared with `writes(…)` (method-writes.ts): drops the access caches, GET or POST. */
  writes: boolean;
  calls: Call[];
}

const all = (label: string, params: Call['params'] = () => ({})): Call => ({ label, params, expect: 'ok' });
/** What a member's browsing shows of the owner's music: the shared track only. */
const browsed = () => ({
  owner: [TITLES.private, TITLES.band, TITLES.open],
  admin: [TITLES.band],
  member: [TITLES.band],
  outsider: ['Outsider take'],
});
const byId = (id: (w: RestWorld) => number, expect: PerRole, label: string, name = 'id'): Call => ({
  label,
  params: (w) => ({ [name]: id(w) }),
  expect,
});
const onFresh = (
  kind: 'hidden' | 'band' | 'open',
  expect: PerRole,
  extra: Params = {},
  name = 'playlistId',
): Call => ({
  label: `${kind} list`,
  params: async (w) => ({ [name]: await w.freshList(kind), ...extra }),
  expect,
});

const ROWS: Record<string, MethodRow> = {
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
  // its id is never told (the secrets checks of every other row).
  getCoverArt: {
    writes: false,
    calls: [
      { label: "the band list's picture", params: (w) => ({ id: w.covers.band }), expect: 'bytes' },
      {
        label: 'no such picture',
        params: () => ({ id: 'pl-00000000-0000-0000-0000-000000000000' }),
        expect: 70,
      },
    ],
  },
};

let t: TestApp;
let world: RestWorld;

beforeAll(async () => {
  // Revoked keys and wrong passwords are failed attempts: the matrix makes more than a minute allows.
  t = await buildTestApp({ rateLimits: { subsonicAuth: 100_000, subsonicAuthAddress: 100_000 } });
  world = await seedRestWorld(t);
}, 60_000);
afterAll(async () => t.close());

const form = (params: Params) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const each of [value].flat()) body.append(name, String(each));
  }
  return body.toString();
};

const expected = (call: Call, role: Role): Outcome =>
  role === 'anonymous' || role === 'revoked' || role === 'wrongPassword'
    ? REFUSED[role]
    : Array.isArray(call.expect)
      ? call.expect[SIGNED_IN.indexOf(role)]!
      : call.expect;

/** Calls one row's method as every role; returns what went wrong, one line each. */
async function check(method: string, row: MethodRow): Promise<string[]> {
  const problems: string[] = [];
  for (const call of row.calls) {
    for (const role of ROLES) {
      const who = (UNAUTHENTICATED as readonly string[]).includes(role) ? 'owner' : (role as SignedIn);
      const params = { ...(await call.params(world, who)), ...world.auth[role] };
      const at = `${method} (${call.label}) as ${role}`;
      const before = t.app.accessGeneration.value;
      // A form POST (formPost), as players send them; JSON.
      const res = await t.app.inject({
        method: 'POST',
        url: `/rest/${method}.view`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ ...params, f: 'json' }),
      });
      if (t.app.accessGeneration.value > before !== row.writes) {
        problems.push(`${at}: ${row.writes ? 'left the access caches' : 'dropped the access caches'}`);
      }
      const outcome = outcomeOf(res);
      if (outcome !== expected(call, role)) {
        problems.push(`${at}: got ${outcome}, expected ${expected(call, role)} (${res.body.slice(0, 120)})`);
      }
      // The same by GET in XML, the protocol's default, whose text is checked too.
      const xml =
        role === 'owner' ? undefined : await t.app.inject({ url: `/rest/${method}?${form(params)}` });
      const secrets = secretsOf(world, role);
      for (const reply of [res, xml]) {
        if (!reply) continue;
        for (const text of secrets.text)
          if (reply.body.includes(text)) problems.push(`${at}: leaked "${text}"`);
      }
      if (outcome === 'bytes') {
        const leaked = (['private', 'band'] as const).filter(
          (k) => secrets.tracks.includes(world.tracks[k]) && res.rawPayload.equals(world.bytes[k]),
        );
        for (const k of leaked) problems.push(`${at}: sent the ${k} track's bytes`);
      } else if (String(res.headers['content-type']).startsWith('application/json')) {
        for (const leak of leakedIds(res.json(), secrets)) problems.push(`${at}: leaked ${leak}`);
      }
      const shown =
        role === 'anonymous' || role === 'revoked' || role === 'wrongPassword'
          ? []
          : (call.shows?.(world)[role] ?? []);
      for (const text of shown) if (!res.body.includes(text)) problems.push(`${at}: does not show "${text}"`);
    }
  }
  return problems;
}

describe('route × role matrix: /rest (decision 0405)', () => {
  it('has a row for every method /rest answers, and none for a method it does not', () => {
    const answered = [...SUBSONIC_METHODS.keys(), ...mediaMethods({} as SubsonicMediaDeps).keys()];
    const missing = answered.filter((name) => !(name in ROWS));
    const stale = Object.keys(ROWS).filter((name) => !answered.includes(name));
    expect({ missing, stale }, 'add a row to ROWS in rest-roles.test.ts for each missing method').toEqual({
      missing: [],
      stale: [],
    });
  });

  for (const [method, row] of Object.entries(ROWS)) {
    it(`${method}: every role gets its outcome, sees what it may and nothing else`, async () => {
      expect(await check(method, row)).toEqual([]);
    });
  }
});

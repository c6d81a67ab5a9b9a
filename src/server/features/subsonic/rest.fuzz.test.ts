import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { encodeLoose } from '../../../test/fuzz/inputs';
import { nastyNumber, nastyString } from '../../../test/fuzz/values';
import { type RestWorld, ROLES, seedRestWorld } from '../../../test/rest-roles';
import { parseXml } from '../../../test/xml';
import { mediaMethods, type SubsonicMediaDeps } from './media-methods';
import { SUBSONIC_METHODS } from './subsonic-methods';

/**
 * Property-based fuzzing of /rest (decision 0405), as routes.fuzz.test.ts fuzzes the app's routes:
 * that test only reaches `/rest/:method` with made-up method names and no credentials, so here every
 * method /rest answers (new ones included, from SUBSONIC_METHODS) gets generated parameters, with
 * every caller's credentials and broken ones, by GET and form POST. No reply is a 5xx, and every
 * reply is the envelope (well-formed XML in the protocol's namespace, or its JSON), or bytes.
 * `npm run fuzz` sets FUZZ_RUNS and FUZZ_SEED as for the route fuzz.
 */
const LONG = process.env.FUZZ_RUNS !== undefined;
const RUNS = Number(process.env.FUZZ_RUNS) || 12;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : LONG ? Date.now() % 2 ** 31 : 20_260_426;

/** Every parameter a method reads or a player sends, and some no method knows. */
const NAMES = [
  'id',
  'songId',
  'playlistId',
  'albumId',
  'artistId',
  'name',
  'comment',
  'public',
  'songIndexToRemove',
  'songIdToAdd',
  'size',
  'offset',
  'count',
  'type',
  'query',
  'username',
  'format',
  'maxBitRate',
  'timeOffset',
  'fromYear',
  'toYear',
  'genre',
  'artist',
  'album',
  'title',
  'any',
  'newerThan',
  'includeNotPresent',
  'musicFolderId',
  'artistCount',
  'albumCount',
  'songCount',
  'songOffset',
  'submission',
  'time',
  // The play state's (issue 46).
  'position',
  'current',
  'currentIndex',
  'rating',
  'f',
  'v',
  'c',
  '__proto__',
];

let t: TestApp;
let world: RestWorld;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { subsonicAuth: 1_000_000, subsonicAuthAddress: 1_000_000 } });
  world = await seedRestWorld(t);
}, 60_000);
afterAll(async () => t.close());

function values(w: RestWorld): fc.Arbitrary<string> {
  const known = [
    ...Object.values(w.tracks),
    ...Object.values(w.lists),
    ...Object.values(w.covers),
    `ar-${w.ownerId}`,
    `al-${w.ownerId}-${w.year}`,
    w.login.owner,
    'json',
    'xml',
    'mp3',
    'opus',
    'raw',
    'true',
    'random',
    'newest',
    'byYear',
    'byGenre',
    'Hardware Synth',
    '',
  ].map(String);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 3, arbitrary: nastyString },
    { weight: 2, arbitrary: nastyNumber.map(String) },
  );
}

/** What is wrong with a /rest reply, if anything. */
function problemWith(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const envelope = JSON.parse(res.body)['subsonic-response'];
    if (!envelope || !['ok', 'failed'].includes(envelope.status))
      return `not the envelope: ${res.body.slice(0, 200)}`;
    return undefined;
  }
  if (type.startsWith('text/xml') || type.startsWith('application/xml')) {
    const root = parseXml(res.body);
    if (root.name !== 'subsonic-response' || root.uri !== 'http://subsonic.org/restapi')
      return `not the envelope: ${res.body.slice(0, 200)}`;
    return undefined;
  }
  // Bytes: a song, a cover, a part of one, or a Range past the end.
  if (/^(audio|image)\//.test(type) && res.statusCode < 300) return undefined;
  if (res.statusCode === 416 || res.statusCode === 302) return undefined;
  return `answered ${res.statusCode} ${type || 'without a type'}`;
}

async function fuzzMethod(method: string, seed: number): Promise<string | undefined> {
  const request = fc.record({
    role: fc.constantFrom(...ROLES),
    // Now and then a second mechanism beside the first (43), or parts of one (10).
    extraAuth: fc.option(
      fc.constantFrom<Record<string, string>>({ u: 'owner_x' }, { p: 'x' }, { t: 'x', s: 'y' }),
    ),
    params: fc.array(fc.tuple(fc.constantFrom(...NAMES), values(world)), { maxLength: 6 }),
    post: fc.boolean(),
    view: fc.boolean(),
  });
  const property = fc.asyncProperty(request, async (req) => {
    const pairs: [string, string][] = [
      ...Object.entries(world.auth[req.role]),
      ...Object.entries(req.extraAuth ?? {}),
    ];
    const text = [...pairs, ...req.params].map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&');
    const url = `/rest/${method}${req.view ? '.view' : ''}`;
    const res = await t.app.inject(
      req.post
        ? {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: text,
          }
        : { method: 'GET', url: `${url}?${text}` },
    );
    let problem: string | undefined;
    try {
      problem = problemWith(res);
    } catch (err) {
      problem = `unreadable reply (${(err as Error).message}): ${res.body.slice(0, 200)}`;
    }
    if (problem) throw new Error(`${req.post ? 'POST' : 'GET'} ${url} ${text.slice(0, 300)}: ${problem}`);
  });
  const details = await fc.check(property, { seed, numRuns: RUNS });
  if (!details.failed) return undefined;
  return `${fc.defaultReportMessage(details)}\n${(details.errorInstance as Error | undefined)?.message ?? ''}`;
}

describe('/rest fuzzing: no 5xx, every reply the envelope or bytes', () => {
  it(
    'every method, generated parameters, every caller',
    async () => {
      const methods = [...SUBSONIC_METHODS.keys(), ...mediaMethods({} as SubsonicMediaDeps).keys()];
      const failures: string[] = [];
      for (const [index, method] of [...methods, 'noSuchMethod', '%00', 'ping%2F..'].entries()) {
        const report = await fuzzMethod(method, SEED + index);
        if (report) failures.push(`${method} (seed ${SEED + index})\n${report}`);
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    LONG ? 24 * 3_600_000 : 180_000,
  );
});

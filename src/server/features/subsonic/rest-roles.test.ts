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
  UNAUTHENTICATED,
} from '../../../test/rest-roles';
import { REST_ROWS } from '../../../test/rest-rows';
import type { Call, MethodRow, Params } from '../../../test/rest-rows/build';
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
 * A method without a row fails the first test: add one in src/test/rest-rows/ (what to send, what each of owner,
 * admin, member, outsider gets, whether the method writes).
 */
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
    const missing = answered.filter((name) => !(name in REST_ROWS));
    const stale = Object.keys(REST_ROWS).filter((name) => !answered.includes(name));
    expect(
      { missing, stale },
      'add a row to REST_ROWS in src/test/rest-rows/ for each missing method',
    ).toEqual({
      missing: [],
      stale: [],
    });
  });

  for (const [method, row] of Object.entries(REST_ROWS)) {
    it(`${method}: every role gets its outcome, sees what it may and nothing else`, async () => {
      expect(await check(method, row)).toEqual([]);
    });
  }
});

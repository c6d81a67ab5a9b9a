// The journal cases of npm run bench timed by wrk (issue 30, decision 0485): the full list, the full
// list right after an edit, /api/health while someone edits and reloads, and the app's memory once
// started. References: bare Fastify for the list (as since issue 11), bare Node (node:http,
// bench/reference-server.mjs) for the rest, answering the same bytes, its PATCH from memory.
import { pair, single } from './measure.mjs';
import { rssOf } from './upload.mjs';
import { wrkLoop } from './wrk.mjs';

const LIST = '/api/tracks';

/**
 * journal-list-<size>-<n>c: GET /api/tracks (the full list) on `connections` connections, p99
 * against bare Fastify answering the same bytes. wrk, not autocannon: on answers this large
 * autocannon was slower than the reference it measured at 50 connections.
 */
export function listRow({ name, app, ref, session, connections, seconds }) {
  return pair(
    name,
    'p99',
    (side) =>
      listLoop({ baseUrl: side === 'app' ? app.baseUrl : ref.baseUrl, session, connections, seconds }),
    { reference: 'bare Fastify', details: [{ label: 'GET p50', key: 'p50', unit: 'ms' }] },
  );
}

/** GET /api/tracks in a loop on each connection (wrk). */
export const listLoop = ({ baseUrl, session, connections, seconds }) =>
  wrkLoop({ baseUrl, paths: [LIST], session: { cookie: session.cookie }, connections, seconds });

/** The further figures printed under the table for an edit loop (medians of the same runs). */
const EDIT_DETAILS = [
  { label: 'GET p50', key: 'p50', unit: 'ms' },
  { label: 'PATCH p50', key: 'patchP50', unit: 'ms' },
  { label: 'PATCH p99', key: 'patchP99', unit: 'ms' },
  { label: 'loops a second', key: 'loopsPerSec', unit: '/s' },
];

/**
 * Each connection: PATCH one of `trackIds` (its notes), then GET the full list; p50/p99 are the
 * GET's, patchP50/patchP99 the PATCH's.
 */
export async function editLoop({ baseUrl, session, trackIds, connections, seconds }) {
  const figures = await wrkLoop({
    baseUrl,
    paths: [LIST],
    steps: ['patch', 'get'],
    ids: trackIds,
    session,
    connections,
    seconds,
  });
  return { ...figures, patchP50: figures.steps.patch.p50, patchP99: figures.steps.patch.p99 };
}

/**
 * journal-list-after-change-<size>-<n>c: `connections` connections each looping PATCH (a different
 * track each time, through the real API with the session's cookie and CSRF header) then
 * GET /api/tracks; the GET's p99 against bare Node answering the same bytes (and its PATCH), on
 * PostgreSQL after one round trip a request (what a list that may have just changed must do at the
 * least: issue 48, bench/reference-pg.mjs).
 */
export function listAfterChangeRow({ name, app, ref, session, trackIds, connections, seconds }) {
  return pair(
    name,
    'p99',
    (side) =>
      editLoop({
        baseUrl: side === 'app' ? app.baseUrl : (ref.roundTripUrl ?? ref.nodeUrl),
        session,
        trackIds,
        connections,
        seconds,
      }),
    {
      reference: ref.roundTripUrl ? 'bare Node + 1 PostgreSQL round trip' : 'bare Node',
      details: EDIT_DETAILS,
    },
  );
}

/**
 * journal-list-after-change-<size>-1c-framework: the same loop against Fastify with @fastify/session
 * (sessions held once read, as the app's access cache holds them) making the same one round trip
 * (bench/reference-pg.mjs): no budget; it tells what of the app's time a framework and a session
 * cost before any of the app's own work (decision 0906).
 */
export function listAfterChangeFrameworkRow({ name, app, ref, session, trackIds, seconds }) {
  return pair(
    name,
    'p99',
    (side) =>
      editLoop({
        baseUrl: side === 'app' ? app.baseUrl : ref.frameworkUrl,
        session,
        trackIds,
        connections: 1,
        seconds,
      }),
    { reference: 'Fastify + @fastify/session (held) + 1 PostgreSQL round trip', details: EDIT_DETAILS },
  );
}

/**
 * health-while-editing-<size>: one connection edits and reloads the journal in a loop (PATCH + GET
 * as above) while a second one asks GET /api/health; the health p99, against bare Node under the
 * same loop. The editor starts a second early and stops a second late.
 */
export function healthWhileEditingRow({ name, app, ref, session, trackIds, seconds }) {
  return pair(
    name,
    'p99',
    (side) =>
      healthWhileEditing({ baseUrl: side === 'app' ? app.baseUrl : ref.nodeUrl, session, trackIds, seconds }),
    {
      reference: 'bare Node',
      details: [
        { label: 'health p50', key: 'p50', unit: 'ms' },
        { label: "editor's GET p99", key: 'editorGetP99', unit: 'ms' },
        { label: "editor's loops a second", key: 'editorLoopsPerSec', unit: '/s' },
      ],
    },
  );
}

/** /api/health (p50/p99) on one connection while a second one runs editLoop() on `baseUrl`. */
export async function healthWhileEditing({ baseUrl, session, trackIds, seconds }) {
  const editor = editLoop({ baseUrl, session, trackIds, connections: 1, seconds: seconds + 2 });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const health = await wrkLoop({ baseUrl, paths: ['/api/health'], connections: 1, seconds });
  const edits = await editor;
  if (edits.bad > 0 || edits.requests === 0)
    throw new Error(`the editor beside /api/health had ${edits.bad} of ${edits.requests} requests fail`);
  return { ...health, editorLoopsPerSec: edits.loopsPerSec, editorGetP99: edits.p99 };
}

/**
 * rss-after-start: the app's whole resident memory (VmRSS of the server process) once started and
 * signed in, before anything is seeded: the median of five samples 200 ms apart. No reference.
 */
export function rssAfterStartRow({ app }) {
  return single(
    'rss-after-start',
    'rssMbAbsolute',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return rssOf(app.child.pid) / 1e6;
    },
    5,
  );
}

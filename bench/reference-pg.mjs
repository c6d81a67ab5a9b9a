#!/usr/bin/env node
// Issue 48's references for the scale bench (bench/scale-cases.mjs): what a correct answer must do
// at the least, with nothing of the app around it. One process, two ports (only one side is ever
// under load):
// - NODE_PORT, bare `node:http` + `pg`: every request (any method; a write's body is read to its
//   end first) makes one PostgreSQL round trip, reading the journal's owner's `journal_revision`
//   (what a list that may have just changed has to ask), then sends the very bytes the app sent for
//   that URL (GET) or for one PATCH of a track's notes (any write). A PATCH of a track writes its
//   notes instead, in one UPDATE (decision 0939). The reference of "the journal list right after a
//   change ≤ 3×".
// - PORT, Fastify 5 + @fastify/cookie + @fastify/session, its store the app's `sessions` table
//   read through `pg` (each request reads its row: no cache), configured as the app configures it
//   (cookie name, secret, not rolling, nothing saved for a visitor without a session), answering
//   `GET /api/auth/user` with the app's recorded body when the session has a user, 401 otherwise.
//   The reference of "`/api/auth/user` at 50 connections ≥ 0.5×".
// - FRAMEWORK_PORT, the same Fastify and session, its store reading each session once and then
//   holding it (as the app's access cache does, decision 0066), answering every GET and the PATCH
//   of a track as NODE_PORT does after the same one round trip (the PATCH's being its UPDATE). No
//   budget: the list right after a change is also compared with it, to tell the framework's share
//   from the app's (decision 0906).
// All use a pool of 10 connections, as the app does (src/server/db/client.ts).
// Started by bench/lib/processes.mjs (startPgReferences):
//   node bench/reference-pg.mjs PORT NODE_PORT FRAMEWORK_PORT CONFIG.json
//   (CONFIG: {"databaseUrl", "sessionSecret", "userId", "get": {"/api/…": {"type", "body"}},
//   "patch": {"type", "body"}}; "get" keyed by path and query as requested, "patch" optional)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import Fastify from 'fastify';
import pg from 'pg';

const [port, nodePort, frameworkPort, configFile] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configFile, 'utf8'));
const answer = ({ type, body }) => ({ type, bytes: Buffer.from(body) });
const bodies = new Map(Object.entries(config.get).map(([url, found]) => [url, answer(found)]));
const patch = answer(config.patch ?? { type: 'application/json; charset=utf-8', body: '{}' });
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });

// Named: prepared once per connection, as the app prepares its hot queries (decision 0510).
const revision = () =>
  pool.query({
    name: 'reference_revision',
    text: 'SELECT journal_revision FROM users WHERE id = $1',
    values: [config.userId],
  });

// A track's edit (PATCH /api/tracks/<id>): its notes written, as the app's edit writes them, in one
// statement and one round trip. The database then does what follows any change (the revision's
// triggers, NOTIFY, the commit's WAL flush), and the next GET runs right after a real change, as
// the app's does (decision 0939).
// The edits have a pool of their own, of the five connections one route of the app may hold
// (decision 0938): in the one pool, 50 connections' reads queued behind their UPDATEs' commits
// (92–98 ms p99), where the app's route shares keep its reads apart from its writes.
const EDIT = /^\/api\/tracks\/(\d+)$/;
const edits = new pg.Pool({ connectionString: config.databaseUrl, max: 5 });
const edit = (id, notes) =>
  edits.query({
    name: 'reference_edit',
    text: 'UPDATE tracks SET notes = $1, updated_at = now() WHERE id = $2 AND user_id = $3',
    values: [notes ?? null, id, config.userId],
  });

const send = (res, status, found) => {
  res.writeHead(status, { 'content-type': found.type, 'content-length': found.bytes.length });
  res.end(found.bytes);
};
const fail = (res, err) => {
  console.error(err);
  res.writeHead(500, { 'content-length': 0 });
  res.end();
};
const bare = http.createServer((req, res) => {
  const found = req.method === 'GET' ? bodies.get(req.url) : patch;
  if (!found) {
    res.writeHead(404, { 'content-length': 0 });
    return res.end();
  }
  const reply = () =>
    revision().then(
      () => send(res, 200, found),
      (err) => fail(res, err),
    );
  if (req.method === 'GET') return reply();
  const editing = req.method === 'PATCH' && EDIT.exec(req.url ?? '');
  if (!editing) {
    req.resume();
    return req.once('end', reply);
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.once('end', () =>
    Promise.resolve()
      .then(() => edit(editing[1], JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}').notes))
      .then(
        () => send(res, 200, found),
        (err) => fail(res, err),
      ),
  );
});
await new Promise((resolve) => bare.listen(Number(nodePort), '127.0.0.1', resolve));

// The store @fastify/session asks (connect-pg-simple's shape): get on every request that carries a
// cookie; set and destroy only when a session changes, which no request here does. Writes are
// counted and reported on exit: the bench's seeded session must come through untouched.
let writes = 0;
const store = {
  get(sid, callback) {
    pool
      .query({
        name: 'reference_session',
        text: 'SELECT sess FROM sessions WHERE sid = $1 AND expire > now()',
        values: [sid],
      })
      .then((result) => callback(null, result.rows[0]?.sess ?? null), callback);
  },
  set(sid, session, callback) {
    writes += 1;
    const expire = new Date(session.cookie?.expires ?? Date.now() + 86_400_000);
    pool
      .query(
        'INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3) ON CONFLICT (sid) DO UPDATE SET sess = excluded.sess, expire = excluded.expire',
        [sid, JSON.stringify(session), expire],
      )
      .then(() => callback(), callback);
  },
  destroy(sid, callback) {
    writes += 1;
    pool.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => callback(), callback);
  },
};

/** Fastify with the app's session settings over `sessionStore`. */
async function withSessions(sessionStore) {
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: config.sessionSecret.split(',')[0].trim(),
    cookieName: 'journal.sid',
    store: sessionStore,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: false, path: '/' },
  });
  return app;
}

const app = await withSessions(store);
const user = bodies.get('/api/auth/user');
app.get('/api/auth/user', (request, reply) => {
  if (!user || !request.session.get('userId')) return reply.code(401).send();
  return reply.type(user.type).send(user.bytes);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });

// The session read once, then held: what the app's access cache makes of a session in a loop.
const held = new Map();
const framework = await withSessions({
  ...store,
  get(sid, callback) {
    if (held.has(sid)) return callback(null, held.get(sid));
    store.get(sid, (err, sess) => {
      if (!err && sess) held.set(sid, sess);
      callback(err, sess);
    });
  },
});
const signedIn = async (request, reply, found) => {
  if (!request.session.get('userId')) return reply.code(401).send();
  await revision();
  return reply.type(found.type).send(found.bytes);
};
framework.get('/*', (request, reply) => {
  const found = bodies.get(request.url);
  return found ? signedIn(request, reply, found) : reply.code(404).send();
});
framework.patch('/api/tracks/:id', async (request, reply) => {
  if (!request.session.get('userId')) return reply.code(401).send();
  await edit(request.params.id, request.body?.notes);
  return reply.type(patch.type).send(patch.bytes);
});
await framework.listen({ port: Number(frameworkPort), host: '127.0.0.1' });

process.on('SIGTERM', () => {
  if (writes) console.error(`reference-pg: the session store wrote ${writes} times`);
  process.exit(0);
});
process.send?.('ready');

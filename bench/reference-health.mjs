#!/usr/bin/env node
// Issue 48's floor for /api/health under load (bench/scale-cases.mjs): a health check with nothing
// of the app around it. Bare `node:http` + `pg` (a pool of 10, as the app's), each request one
// `select 1`, answering the app's body. Probed while the app serves a route case at 50 connections,
// it tells what this machine and PostgreSQL give a health check meanwhile, apart from what the app's
// own process adds: its one event loop, busy with the load (decision 0947).
// Started by bench/lib/processes.mjs (startHealthReference): node bench/reference-health.mjs PORT DATABASE_URL
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const up = Buffer.from('{"status":"ok","database":"up"}');

const server = http.createServer((_req, res) => {
  pool.query('select 1').then(
    () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': up.length });
      res.end(up);
    },
    (err) => {
      console.error(err);
      res.writeHead(503, { 'content-length': 0 });
      res.end();
    },
  );
});
await new Promise((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
process.on('SIGTERM', () => process.exit(0));
process.send?.('ready');

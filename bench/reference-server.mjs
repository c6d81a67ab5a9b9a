#!/usr/bin/env node
// The bare reference of npm run bench: a Fastify 5 server answering, from memory, the very bytes the
// app answered for the same paths (no session, no database, no schema). Started by bench/run.mjs:
//   node bench/reference-server.mjs PORT BODIES.json   (BODIES: {"/api/tracks": {"type", "body"}})
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodiesFile] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8'));
const app = Fastify({ logger: false });
for (const [url, { type, body }] of Object.entries(bodies)) {
  const bytes = Buffer.from(body);
  app.get(url, (_request, reply) => reply.type(type).send(bytes));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

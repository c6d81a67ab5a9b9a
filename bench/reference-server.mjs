#!/usr/bin/env node
// The bare references of npm run bench, answering from memory the very bytes the app answered for
// the same URLs (no session, no database, no schema):
// - bare Fastify 5 on PORT, which also takes uploads the plainest way (@fastify/multipart, the
//   file part streamed to disk, nothing else);
// - bare Node (`node:http`, no framework) on NODE_PORT (issue 30, decision 0485), which also answers
//   any other method (the edit loops' PATCH) by reading the request and sending the app's recorded
//   answer to one such PATCH.
// Started by bench/lib/processes.mjs (one process, two ports: only one side is ever under load):
//   node bench/reference-server.mjs PORT NODE_PORT BODIES.json TEMP_DIR
//   (BODIES: {"get": {"/api/tracks?limit=50": {"type", "body"}}, "patch": {"type", "body"}},
//   keyed by path and query as requested; "patch" optional)
import { randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const [port, nodePort, bodiesFile, tempDir] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(bodiesFile, 'utf8'));
const answer = ({ type, body }) => ({ type, bytes: Buffer.from(body) });
const bodies = new Map(Object.entries(recorded.get).map(([url, found]) => [url, answer(found)]));
const patch = answer(recorded.patch ?? { type: 'application/json; charset=utf-8', body: '{}' });

const app = Fastify({ logger: false });
// One lookup by the full URL: the app's first page (?limit=50) and its full list differ only there.
app.get('/*', (request, reply) => {
  const found = bodies.get(request.url);
  if (!found) return reply.code(404).send();
  return reply.type(found.type).send(found.bytes);
});

// The upload reference of upload-1gib: what any Fastify app streaming a file to disk costs.
await app.register(multipart, { limits: { fileSize: Number.POSITIVE_INFINITY, files: 1 } });
app.post('/upload', async (request, reply) => {
  const file = path.join(tempDir, `upload-${randomUUID()}`);
  const part = await request.file();
  if (!part) return reply.code(400).send();
  await pipeline(part.file, createWriteStream(file));
  const size = part.file.bytesRead;
  // Removed once answered: the app keeps its file too, and the bench deletes that track after timing.
  reply.raw.once('finish', () => unlink(file).catch(() => {}));
  return reply.code(201).send({ size });
});

await app.listen({ port: Number(port), host: '127.0.0.1' });

// The floor under any framework: the same bytes with nothing but node:http around them.
const send = (res, status, found) => {
  res.writeHead(status, { 'content-type': found.type, 'content-length': found.bytes.length });
  res.end(found.bytes);
};
const bare = http.createServer((req, res) => {
  if (req.method === 'GET') {
    const found = bodies.get(req.url);
    if (!found) {
      res.writeHead(404, { 'content-length': 0 });
      return res.end();
    }
    return send(res, 200, found);
  }
  // A write: its body read to the end (as any server must), then the recorded answer.
  req.resume();
  req.once('end', () => send(res, 200, patch));
});
await new Promise((resolve) => bare.listen(Number(nodePort), '127.0.0.1', resolve));
process.send?.('ready');

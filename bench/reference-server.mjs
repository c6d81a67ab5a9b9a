#!/usr/bin/env node
// The bare reference of npm run bench: a Fastify 5 server answering, from memory, the very bytes the
// app answered for the same URLs (no session, no database, no schema), and taking uploads the
// plainest way (@fastify/multipart, the file part streamed to disk, nothing else). Started by
// bench/run.mjs:
//   node bench/reference-server.mjs PORT BODIES.json TEMP_DIR
//   (BODIES: {"/api/tracks?limit=50": {"type", "body"}}, keyed by path and query as requested)
import { randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const [port, bodiesFile, tempDir] = process.argv.slice(2);
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(bodiesFile, 'utf8'))).map(([url, { type, body }]) => [
    url,
    { type, bytes: Buffer.from(body) },
  ]),
);
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
process.send?.('ready');

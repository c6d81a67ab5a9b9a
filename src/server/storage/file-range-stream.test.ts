import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRangeStream, READ_BUFFER_BYTES } from './file-range-stream';

const dir = mkdtempSync(path.join(tmpdir(), 'file-range-'));
const file = path.join(dir, 'blob');
const content = randomBytes(5 * READ_BUFFER_BYTES + 12_345);
writeFileSync(file, content);

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

const openDescriptors = () => readdirSync('/proc/self/fd').length;

describe('FileRangeStream read the usual way', () => {
  it('gives the whole file, a range, a one-byte range and the last byte', async () => {
    expect(Buffer.concat(await collect(new FileRangeStream(file))).equals(content)).toBe(true);
    const cases = [
      [1000, 1_600_000],
      [0, 0],
      [content.length - 1, content.length - 1],
    ] as const;
    for (const [start, end] of cases) {
      const bytes = Buffer.concat(await collect(new FileRangeStream(file, { start, end })));
      expect(bytes.equals(content.subarray(start, end + 1))).toBe(true);
    }
  });

  it('fails with ENOENT for a missing file', async () => {
    await expect(collect(new FileRangeStream(path.join(dir, 'missing')))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('into a PassThrough, each chunk stays its own (no pooled buffer is reused under it)', async () => {
    const through = new PassThrough({ highWaterMark: 64 * 1024 * 1024 });
    new FileRangeStream(file).pipe(through);
    // Everything is read before any chunk is looked at: a reused buffer would show as wrong bytes.
    await new Promise((resolve) => through.once('finish', resolve));
    expect(Buffer.concat(await collect(through)).equals(content)).toBe(true);
  });
});

describe('FileRangeStream piped into an HTTP response (pooled buffers)', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const start = Number(url.searchParams.get('start'));
      const end = Number(url.searchParams.get('end'));
      res.setHeader('Content-Length', end - start + 1);
      new FileRangeStream(file, { start, end }).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A client that reads slowly, so writes queue up behind a full socket. */
  function fetchSlowly(start: number, end: number, pauseMs: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      get(`${base}/?start=${start}&end=${end}`, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (pauseMs) {
            res.pause();
            setTimeout(() => res.resume(), pauseMs);
          }
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      }).on('error', reject);
    });
  }

  it('thirty overlapping requests, some slow, each get exactly their bytes', async () => {
    const requests = Array.from({ length: 30 }, (_, i) => {
      const start = (i * 97_531) % (content.length - 2 * READ_BUFFER_BYTES);
      const end = Math.min(content.length - 1, start + READ_BUFFER_BYTES * (1 + (i % 4)) + i);
      return { start, end, pending: fetchSlowly(start, end, i % 3 === 0 ? 2 : 0) };
    });
    for (const { start, end, pending } of requests) {
      expect((await pending).equals(content.subarray(start, end + 1))).toBe(true);
    }
  });

  it('a listener who hangs up mid-file leaves no file open', async () => {
    const before = openDescriptors();
    await new Promise<void>((resolve) => {
      const request = get(`${base}/?start=0&end=${content.length - 1}`, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => {});
    });
    for (let i = 0; i < 50 && openDescriptors() > before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(openDescriptors()).toBeLessThanOrEqual(before);
  });
});

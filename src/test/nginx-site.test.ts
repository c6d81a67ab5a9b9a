import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/support/journal-server';
import { type Balancer, startBalancer } from '../../e2e-cluster/support/balancer';

// The shipped nginx site for several instances (deploy/nginx-journal.conf, decision 0105), in front
// of two stand-in upstreams that say who they are: round robin, headers, Range, server-sent events
// unbuffered, and a dead or failing instance hidden from the client. `npm run test:cluster` runs the
// same file in front of the real app.

interface Upstream {
  name: string;
  address: string;
  /** Requests as the upstream received them. */
  seen: http.IncomingMessage[];
  /** Resolves the event stream's wait for its second event. */
  sendSecondEvent?: () => void;
  close(): Promise<void>;
}

async function startUpstream(name: string): Promise<Upstream> {
  const upstream: Upstream = { name, address: '', seen: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    upstream.seen.push(req);
    res.setHeader('x-instance', name);
    if (req.url === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: first\n\n');
      // The second event waits for the test to have read the first one through nginx.
      upstream.sendSecondEvent = () => res.end('data: second\n\n');
      return;
    }
    if (req.headers.range) {
      res.writeHead(206, { 'content-range': 'bytes 10-19/100', 'content-length': '10' });
      res.end('0123456789');
      return;
    }
    req.resume();
    req.on('end', () => res.end(name));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
if (!nginxBinary) {
  const message = 'nginx is not installed: deploy/nginx-journal.conf was NOT tested';
  if (process.env.CI === 'true') throw new Error(`${message} (CI=true requires it)`);
  console.warn(`\n!!! ${message} !!!\n`);
}

describe.skipIf(!nginxBinary)('deploy/nginx-journal.conf', () => {
  let a: Upstream;
  let b: Upstream;
  let nginx: Balancer;

  beforeAll(async () => {
    [a, b] = [await startUpstream('a'), await startUpstream('b')];
    nginx = await startBalancer({ port: await freePort(), instances: [a.address, b.address] });
  });
  afterAll(async () => {
    await nginx?.stop();
    await a?.close();
    await b?.close();
  });

  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(nginx.baseURL + path, init);
    return { res, body: await res.text() };
  };

  it('takes turns between the instances and tells them who is asking', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get('/api/tracks')).body);
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
    const last = [...a.seen, ...b.seen].at(-1)!;
    expect(last.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(last.headers['x-forwarded-proto']).toBe('http');
    expect(last.headers.host).toBe(new URL(nginx.baseURL).host);
  });

  it('passes Range through and the 206 back', async () => {
    const { res, body } = await get('/api/tracks/1/stream', { headers: { range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(body).toBe('0123456789');
    expect([...a.seen, ...b.seen].at(-1)!.headers.range).toBe('bytes=10-19');
  });

  it('sends each server-sent event on at once, not when the stream ends', async () => {
    const res = await fetch(`${nginx.baseURL}/api/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const holder = res.headers.get('x-instance') === 'a' ? a : b;
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The upstream has not ended the stream: only an unbuffered proxy delivers this now.
    while (!text.includes('data: first')) text += decoder.decode((await reader.read()).value);
    expect(text).not.toContain('second');
    holder.sendSecondEvent!();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toContain('data: second');
  });

  it('answers from the other instance when one is gone, GET and POST alike', async () => {
    await b.close();
    for (let i = 0; i < 4; i++) {
      expect((await get('/api/tracks')).body).toBe('a');
      // Refused before anything was sent: a POST is safe to move too.
      const post = await get('/api/tracks', { method: 'POST', body: 'x' });
      expect(post.res.status).toBe(200);
      expect(post.body).toBe('a');
    }
    expect(nginx.accessLog()).toMatch(
      new RegExp(`upstream=${b.address}, ${a.address} upstream_status=502, 200`),
    );
  });
});

import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/support/journal-server';
import { type Balancer, SITE_TEMPLATE, startBalancer } from '../../e2e-cluster/support/balancer';
import { loadConfig } from '../server/config';
import { MULTIPART_ALLOWANCE_BYTES } from '../server/media/receive-upload';
import { RawHttpRequest } from './raw-http';

// The shipped nginx site's limits on slow and oversized clients (issue 22, decision 0253): the values
// agree with the app's, and nginx applies them. The timeouts run shortened to a second, through the
// same file, so the test sees them act in seconds rather than half a minute.

const site = readFileSync(SITE_TEMPLATE, 'utf8');
const directive = (name: string) => site.match(new RegExp(String.raw`^\s*${name} ([^;]+);`, 'm'))?.[1];
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);

describe('deploy/nginx-journal.conf limits', () => {
  it("bounds bodies at the app's default limit plus the multipart allowance", () => {
    const app = loadConfig({});
    expect(directive('client_max_body_size')).toBe(
      `${(app.maxUploadBytes + MULTIPART_ALLOWANCE_BYTES) / 1024 ** 2}m`,
    );
  });

  it("times out a quiet body when the app's idle timeout would, and bounds headers, replies and keep-alive", () => {
    expect(directive('client_body_timeout')).toBe(`${loadConfig({}).uploadIdleTimeoutMs / 1000}s`);
    expect(directive('client_header_timeout')).toBe('10s');
    expect(directive('send_timeout')).toBe('60s');
    expect(directive('keepalive_timeout')).toBe('30s');
    expect(directive('limit_conn')).toBe('journal_per_address 256');
    expect(directive('proxy_request_buffering')).toBe('off');
  });
});

describe.skipIf(!nginxBinary)('deploy/nginx-journal.conf in front of an instance', () => {
  let upstream: http.Server;
  /** Requests the stand-in instance received, and whether each body arrived whole. */
  const seen: { url: string; complete: Promise<boolean> }[] = [];
  let nginx: Balancer;
  let port: number;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      const complete = new Promise<boolean>((resolve) => {
        req.on('end', () => resolve(true));
        req.on('close', () => resolve(req.complete));
      });
      seen.push({ url: req.url ?? '', complete });
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    port = await freePort();
    nginx = await startBalancer({
      port,
      instances: [address, address],
      directives: { client_body_timeout: '1s', client_header_timeout: '1s' },
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("refuses a body declared larger than the app takes with 413 in the app's words, before any instance sees it", async () => {
    const before = seen.length;
    const request = new RawHttpRequest(
      port,
      [
        'POST /api/tracks HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${2 * 1024 ** 3}`,
        '',
        '',
      ].join('\r\n'),
    );
    const res = await request.response;
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large: the limit is 1 GiB',
    });
    expect(request.bytesSent).toBe(0);
    request.destroy();
    expect(seen.length).toBe(before);
  });

  it('closes a connection whose body stops arriving, and the instance sees the upload end unfinished', async () => {
    const before = seen.length;
    const request = new RawHttpRequest(
      port,
      ['POST /api/tracks HTTP/1.1', 'Host: 127.0.0.1', 'Content-Length: 100000', '', ''].join('\r\n'),
    );
    await request.write(Buffer.alloc(1000, 1));
    const began = performance.now();
    await request.closed;
    const after = performance.now() - began;
    expect(after).toBeGreaterThanOrEqual(900);
    expect(after).toBeLessThan(5000);
    // nginx passed the start of the body on as it came (no buffering), then gave up on it.
    expect(seen.length).toBe(before + 1);
    expect(await seen[before]!.complete).toBe(false);
  });

  it('closes a connection whose headers never finish', async () => {
    const request = new RawHttpRequest(port, 'GET /api/tracks HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const began = performance.now();
    await request.closed;
    const after = performance.now() - began;
    expect(after).toBeGreaterThanOrEqual(900);
    expect(after).toBeLessThan(5000);
  });
});

import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs src/test/tracing-probe.ts with `env` and returns what it printed. */
async function probe(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/tracing-probe.ts'], {
    cwd: root,
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`probe exited ${code}:\n${out}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

/** A stand-in OpenTelemetry collector: keeps every OTLP/HTTP trace export it is sent. */
let collector: Server;
let collectorUrl: string;
const exports: { path: string; contentType: string; body: string }[] = [];

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      exports.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => collector.close(() => resolve())));

describe('OpenTelemetry tracing', () => {
  it('is off and free without OTEL_EXPORTER_OTLP_ENDPOINT: nothing imported, nothing registered', async () => {
    const off = await probe({});
    expect(off).toEqual({
      tracing: false,
      openTelemetryModules: 0,
      fastifyOtelLoaded: false,
      initializationSubscribers: false,
      globalApi: false,
      requestSpans: false,
    });
  }, 180_000);

  it('with the endpoint set, instruments every Fastify instance and sends its spans to the collector', async () => {
    exports.length = 0;
    const on = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SERVICE_NAME: undefined });
    expect(on).toMatchObject({
      tracing: true,
      fastifyOtelLoaded: true,
      initializationSubscribers: true,
      globalApi: true,
      requestSpans: true,
    });
    expect(on.openTelemetryModules).toBeGreaterThan(10);
    // OTLP/HTTP to <endpoint>/v1/traces, under the default service name, the span named by route.
    const traces = exports.filter((e) => e.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    const sent = traces.map((e) => e.body).join('\n');
    expect(sent).toContain('"journal"');
    expect(sent).toContain('/api/tracks/:id');
  }, 180_000);
});

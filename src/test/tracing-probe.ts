/**
 * Run as a child process by tracing.test.ts: starts tracing the way main.ts does (or not, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is unset), builds a Fastify instance and prints what got loaded and
 * registered, and (with tracing) exports the spans of one request. The OpenTelemetry packages and @fastify/otel are CommonJS, so an import of them, even
 * from ESM, lands in the CommonJS module cache.
 */
import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { startTracingIfConfigured } from '../server/observability/start-tracing';

const tracing = await startTracingIfConfigured(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
const app = Fastify();
app.get('/api/tracks/:id', async () => 'ok');
await app.inject({ url: '/api/tracks/12345' });
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
  /node_modules[\\/](@opentelemetry|@fastify[\\/]otel)[\\/]/.test(file),
);
console.log(
  JSON.stringify({
    tracing: tracing !== undefined,
    openTelemetryModules: loaded.length,
    fastifyOtelLoaded: loaded.some((file) => /@fastify[\\/]otel/.test(file)),
    initializationSubscribers: channel('fastify.initialization').hasSubscribers,
    globalApi: Symbol.for('opentelemetry.js.api.1') in globalThis,
    requestSpans: Boolean(
      (app as unknown as { hasRequestDecorator(n: string): boolean }).hasRequestDecorator('opentelemetry'),
    ),
  }),
);
await app.close();
// As main.ts does on SIGTERM: the spans still buffered go to the collector.
await tracing?.shutdown();

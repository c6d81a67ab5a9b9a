import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { METRICS_PATH } from './metrics.plugin';

/**
 * OpenTelemetry tracing (decision 0440), loaded only by start-tracing.ts when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans go to that collector over OTLP/HTTP (the exporter reads
 * the endpoint, headers and timeouts from the standard OTEL_* variables); every Fastify instance
 * created afterwards is instrumented through Fastify's initialization channel, so buildApp needs no
 * change. Only traces: the metrics are Prometheus's (/metrics) and the logs stay pino's, so the
 * SDK's own metrics and logs exporters are given nothing to do.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): { shutdown(): Promise<void> } {
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the service instead (the SDK reads it).
    serviceName: env.OTEL_SERVICE_NAME ? undefined : 'journal',
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // A scrape every few seconds is not worth a trace.
        ignorePaths: (route) => route.url === METRICS_PATH,
      }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { METRICS_PATH } from './metrics.plugin';

/**
 * OpenTelemetry tracing (decision 0440), loaded only by start-tracing.ts when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans go to that collector over OTLP/HTTP (the exporter reads
 * the endpoint, headers and timeouts from the standard OTEL_* variables); every Fastify instance
 * created afterwards is instrumented through Fastify's initialization channel, so buildApp needs no
 * change. Only traces, so only the trace SDK (decision 0864): the metrics are Prometheus's
 * (/metrics) and the logs stay pino's; sdk-node would bring every exporter of every signal (gRPC,
 * protobuf: ~170 MB installed) for nothing.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): { shutdown(): Promise<void> } {
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME names the service when set, as the SDK's environment reading would.
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'journal' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global tracer provider and the async-hooks context manager, as NodeSDK.start() sets them.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // A scrape every few seconds is not worth a trace.
        ignorePaths: (route) => route.url === METRICS_PATH,
      }),
    ],
  });
  return {
    shutdown: async () => {
      unregister();
      await provider.shutdown();
    },
  };
}

/**
 * Tracing is off and free unless OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 0440): the
 * OpenTelemetry SDK, its exporter and @fastify/otel are imported only then, so by default none of
 * their modules is loaded, no instrumentation is registered and no request pays for spans.
 * Called before the app is built: Fastify instances created earlier are not instrumented.
 */
export async function startTracingIfConfigured(
  otlpEndpoint: string | undefined,
): Promise<{ shutdown(): Promise<void> } | undefined> {
  if (!otlpEndpoint) return undefined;
  const { startTracing } = await import('./tracing');
  return startTracing();
}

// Types for src/server/storage/stream-offload.test.ts, which runs bench/nginx.conf in front of the app.
export interface RunningProcess {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}
export function startNginx(
  rootDir: string,
  proxy?: { app: string; filesDir: string },
): Promise<RunningProcess & { proxyUrl: string }>;

// Types for the tests that run the bench's processes: src/server/storage/stream-offload.test.ts
// (bench/nginx.conf in front of the app) and src/test/bench-reference-pg.test.ts.
export interface RunningProcess {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}
export function startNginx(
  rootDir: string,
  proxy?: { app: string; filesDir: string },
): Promise<RunningProcess & { proxyUrl: string }>;

interface RecordedAnswer {
  type: string;
  body: string;
}
export function startPgReferences(options: {
  databaseUrl: string;
  sessionSecret: string;
  userId: string;
  get: Record<string, RecordedAnswer>;
  patch?: RecordedAnswer;
  workDir: string;
}): Promise<RunningProcess & { nodeUrl: string; frameworkUrl: string }>;

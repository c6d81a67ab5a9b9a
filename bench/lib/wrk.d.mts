// Types for src/test/bench-wrk.test.ts (bench/lib/wrk.mjs).
export interface StepFigures {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
export interface LoopFigures {
  p50: number;
  p99: number;
  reqPerSec: number;
  loopsPerSec: number;
  requests: number;
  bad: number;
  steps: Record<string, StepFigures>;
}
export function wrkLoop(options: {
  baseUrl: string;
  paths: string[];
  steps?: ('get' | 'patch')[];
  ids?: (string | number)[];
  session?: { cookie: string; token?: string };
  connections: number;
  seconds: number;
  acceptEncoding?: string;
}): Promise<LoopFigures>;

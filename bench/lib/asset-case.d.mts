// Types for src/test/bench-asset-case.test.ts.
export function largestBrotliScript(clientDir?: string): {
  name: string;
  bytes: number;
  urlPath: string;
  brFile: string;
};

// Types for src/test/bench-select.test.ts (bench/lib/select.mjs).
export function selection(args: string[]): {
  only: string[] | undefined;
  wants(...names: string[]): boolean;
  wantsFamily(...families: string[]): boolean;
};

// Types for src/test/test-run-cpu.test.ts.
export function machineCpuTicks(readStat?: () => string): { busy: number; total: number } | undefined;

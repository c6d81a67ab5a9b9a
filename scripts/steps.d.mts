// Types for src/test/test-run-cpu.test.ts.
export function machineCpuTicks(): { busy: number; total: number } | undefined;

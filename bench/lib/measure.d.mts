// Types for src/test/bench-budgets.test.ts, which checks the budget rule of bench/lib/measure.mjs.
export interface Side {
  median: number;
  spread: number;
}
export interface Row {
  name: string;
  metric: string;
  app: Side;
  reference: Side;
}
export interface JudgedRow extends Row {
  ratio: number;
  verdict: string;
  missed: boolean;
}
export function judge(rows: Row[], budgets: Record<string, unknown>, database: string): JudgedRow[];
export function table(rows: JudgedRow[]): string;

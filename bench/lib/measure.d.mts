// Types for src/test/bench-budgets.test.ts, which checks the budget rule of bench/lib/measure.mjs.
/** A Lighthouse row's median: 0–100 per category (null: not scored) and installability. */
export interface LighthouseFigures {
  performance: number | null;
  accessibility: number | null;
  'best-practices': number | null;
  seo: number | null;
  installable: boolean;
}
export interface Side {
  median: number | LighthouseFigures;
  spread: number;
}
export interface Row {
  name: string;
  metric: string;
  app?: Side;
  /** Absent for absolute-only cases (LCP). */
  reference?: Side;
  /** Why the case did not run (then app and reference are absent). */
  skipped?: string;
}
export interface JudgedRow extends Row {
  ratio: number;
  verdict: string;
  missed: boolean;
}
export function judge(rows: Row[], budgets: Record<string, unknown>, database: string): JudgedRow[];
export function table(rows: JudgedRow[]): string;
export function skipped(name: string, metric: string, reason: string): Row;
export function exitCodeFor(judged: JudgedRow[], options: { quick: boolean }): 0 | 1;

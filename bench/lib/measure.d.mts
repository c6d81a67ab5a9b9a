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
  /** Which reference this is, printed beside its figure ('bare Node', 'nginx'…). */
  label?: string;
}
/** A further figure of a pair() row's runs, printed under the table. */
export interface Detail {
  label: string;
  key: string;
  unit: string;
  app: number;
  /** Absent for a case with no reference (health-while-importing). */
  reference?: number;
}
export interface Row {
  name: string;
  metric: string;
  app?: Side;
  /** Absent for absolute-only cases (LCP). */
  reference?: Side;
  /** Why the case did not run (then app and reference are absent). */
  skipped?: string;
  /** pair(): every run's figures, per side. */
  runs?: { reference: Figures[]; app: Figures[] };
  details?: Detail[];
}
export type Figures = Record<string, number> & { requests: number; bad: number };
export interface JudgedRow extends Row {
  ratio: number;
  verdict: string;
  missed: boolean;
}
export function judge(rows: Row[], budgets: Record<string, unknown>, database: string): JudgedRow[];
export function table(rows: JudgedRow[]): string;
export function detailsTable(rows: Row[]): string;
export function skipped(name: string, metric: string, reason: string): Row;
export function exitCodeFor(judged: JudgedRow[], options: { quick: boolean }): 0 | 1;
export function exitWithVerdicts(judged: JudgedRow[], options: { quick: boolean }): void;
export function percentile(sorted: ArrayLike<number>, p: number): number;
export function pair(
  name: string,
  metric: string,
  makeRun: (side: 'reference' | 'app') => Promise<Figures>,
  options?: { rounds?: number; reference?: string; details?: { label: string; key: string; unit: string }[] },
): Promise<Row>;
export function derive(row: Row, name: string, metric: string): Row;

/**
 * The rows of a raw `db.execute(sql…)`: node-postgres answers a QueryResult, PGlite its Results,
 * both carrying `rows` (drizzle types the two differently).
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

import { type AnyColumn, sql } from 'drizzle-orm';

/**
 * Ids as one `int[]` parameter, for `= any(…)`: one bind value whatever the count, where drizzle's
 * `inArray` sends a parameter each (a 500-id list cost more to plan than to run, issue 48).
 */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** `column = any(ids)`: inArray's meaning with intArray's one parameter. */
export const inIds = (column: AnyColumn, ids: readonly number[]) => sql`${column} = any(${intArray(ids)})`;

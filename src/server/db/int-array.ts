import { type AnyColumn, sql } from 'drizzle-orm';

/**
 * Many ids as ONE bind parameter (`'{1,2,3}'::int[]`), for `= any(…)` or `unnest(…)`: 5,000 ids
 * stay one parameter instead of 5,000 (`inArray`), which keeps the statement small, far from the
 * 65,535-parameter ceiling, and cheap to plan (a 500-id list cost more to plan than to run, issue
 * 48). The ids are validated integers, so the literal can hold nothing else.
 */
export const intArray = (ids: readonly number[]) => sql`${intArrayText(ids)}::int[]`;

/** The array's text alone, for a prepared statement's int[] placeholder. */
export const intArrayText = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** `column = any(ids)`: inArray's meaning with intArray's one parameter. */
export const inIds = (column: AnyColumn, ids: readonly number[]) => sql`${column} = any(${intArray(ids)})`;

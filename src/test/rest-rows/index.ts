import type { MethodRow } from './build';
import { CORE_ROWS } from './core';
import { COVER_ROWS } from './cover';

/** Every /rest method's row of the route × role matrix (rest-roles.test.ts), one module an area. */
export const REST_ROWS: Record<string, MethodRow> = { ...CORE_ROWS, ...COVER_ROWS };

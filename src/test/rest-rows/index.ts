import { ABSENT_ROWS } from './absent';
import { BROWSE_ROWS } from './browse';
import type { MethodRow } from './build';
import { CORE_ROWS } from './core';
import { COVER_ROWS } from './cover';
import { LIBRARY_STATUS_ROWS } from './library-status';
import { PLAY_STATE_ROWS } from './play-state';

/** Every /rest method's row of the route × role matrix (rest-roles.test.ts), one module an area. */
export const REST_ROWS: Record<string, MethodRow> = {
  ...CORE_ROWS,
  ...LIBRARY_STATUS_ROWS,
  ...ABSENT_ROWS,
  ...BROWSE_ROWS,
  ...PLAY_STATE_ROWS,
  ...COVER_ROWS,
};

import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { INT4_MAX } from '../../shared/schemas/primitives';
import { HttpError } from '../plugins/errors';

// The keyset cursor of track lists ordered by a time, newest first, then by track id (a person's
// likes, an equipment page's tracks): the time to the microsecond as text, so two rows of one
// millisecond still page apart, and the id, as base64url JSON. Anything else is a 400.

export interface TimeIdCursor {
  time: string;
  id: number;
}

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** `column` as the cursor holds it: UTC, to the microsecond. */
export const exactTimeOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeTimeIdCursor = (time: string, id: number) =>
  Buffer.from(JSON.stringify([time, id])).toString('base64url');

export function decodeTimeIdCursor(text: string): TimeIdCursor {
  const bad = new HttpError(400, 'cursor is not one this server gave');
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(parts) || parts.length !== 2) throw bad;
  const [time, id] = parts as unknown[];
  if (typeof time !== 'string' || !EXACT_TIME.test(time) || Number.isNaN(Date.parse(time))) throw bad;
  if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > INT4_MAX) throw bad;
  return { time, id: id as number };
}

/** The rows after `cursor` in that order (newest first, ties by the highest id). */
export const afterTimeId = (time: AnyColumn, id: AnyColumn, cursor: TimeIdCursor): SQL =>
  sql`(${time}, ${id}) < (${cursor.time}::timestamptz, ${cursor.id})`;

import { sql } from 'drizzle-orm';
import type { TrackSort } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import type { ListEncoding } from './track-list.cache';
import { cursorAfter } from './track-list.page';
import { trackRows } from './track-list.query';

/**
 * A journal too big for one reply (issue 48): GET /api/tracks without `limit` sends the first page
 * as the array the spec's callers expect, and a `Link` header to the rest in pages, instead of one
 * reply of every track (86 MB and 4 s for 100,000 tracks).
 */

/** Whether the owner has more than `max` tracks: reads at most max + 1 entries of their index. */
export async function journalExceeds(db: Database, userId: string, max: number): Promise<boolean> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from tracks t where t.user_id = ${userId} limit ${max + 1}) s`,
  );
  const [row] = rowsOf<{ n: number | string }>(result);
  return Number(row?.n ?? 0) > max;
}

/** A big journal's first tracks as the JSON array sent, and the cursor of the next page (if any). */
export interface BigJournalFirstPage {
  json: string | Buffer;
  nextCursor: string | null;
  /** Its body compressed, kept per revision (a held page, decision 0941); else @fastify/compress's. */
  encoded?: (encoding: ListEncoding) => Promise<Buffer>;
}

/** The journal's first `size` tracks as a JSON array, and the cursor of the next page (if any). */
export async function firstJournalPage(
  db: Database,
  userId: string,
  sort: TrackSort,
  size: number,
): Promise<BigJournalFirstPage> {
  const rows = await trackRows(db, sql`t.user_id = ${userId}`, sort, size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    json: `[${page.map((r) => r.json).join(',')}]`,
    nextCursor: rows.length > size && last ? cursorAfter(last, sort, '') : null,
  };
}

/** The `Link` header value to the page after a first page (RFC 8288). */
export const nextPageLink = (sort: TrackSort, size: number, cursor: string) =>
  `</api/tracks?sort=${sort}&limit=${size}&cursor=${encodeURIComponent(cursor)}>; rel="next"`;

import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The public URL base of a stored image, derived from the key base its row keeps (decision 0116):
 * `images/<kind>/<uuid>` → `/api/images/<kind>/<uuid>`; the client appends `-128.webp` or
 * `-256.webp`, and features/images/images.routes.ts turns that back into the variant's key
 * (`imageKey`, image-variants.ts). Every reply that shows an image goes through here, so the
 * database never holds a URL and the wire format stays what it was. Beside the key format rather
 * than in features/images, since a dozen features' replies carry image URLs (decision 0466).
 */
export function imageUrlOf(keyBase: string): string;
export function imageUrlOf(keyBase: string | null): string | null;
export function imageUrlOf(keyBase: string | null): string | null {
  return keyBase === null ? null : `/api/${keyBase}`;
}

/** A select column that reads an image key base and answers its URL (null stays null). */
export const imageUrlColumn = (keyBase: PgColumn) => sql<string | null>`${keyBase}`.mapWith(imageUrlOf);

/**
 * imageUrlOf in SQL, for replies PostgreSQL writes as JSON itself (GET /api/tracks, decision 0063);
 * `||` keeps null null. tracks.list-bytes.test.ts holds the two to the same bytes.
 */
export const imageUrlSql = (keyBase: SQL) => sql<string | null>`('/api/' || ${keyBase})`;

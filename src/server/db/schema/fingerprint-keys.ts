import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * How many takes on the instance hold each fingerprint key (`tracks.fingerprint_hashes`, the high
 * bits of a Chromaprint sub-fingerprint), so that the upload's similar-takes lookup asks the index
 * only for the upload's rare keys (decision 0898). Kept by the triggers of migration 0054, in the
 * database, so that no writer can forget it; nothing in the app writes it.
 *
 * At most 2^20 rows (the keys' range). A key's count stops moving once it reaches the common mark
 * (4,096 takes, the migration's `fingerprint_key_takes_apply`): the lookup never reads a key that
 * common, and every upload holds some of them, so their rows are not locked by every upload.
 */
export const fingerprintKeyTakes = pgTable('fingerprint_key_takes', {
  key: integer().primaryKey(),
  takes: integer().notNull(),
});

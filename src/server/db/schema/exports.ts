import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EXPORT_STATES, type ExportState } from '../../../shared/schemas/exports';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A person's data exports (issue 27, decision 0415): a job builds the zip into the blob store and
 * the row then names its key. Deleting a row (expiry, the account going) queues the archive for
 * removal through the outbox trigger (migration 0023), so a crash never leaks one.
 */
export const exports = pgTable(
  'exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text().$type<ExportState>().notNull().default('queued'),
    createdAt: createdAt(),
    readyAt: timestamp({ withTimezone: true, mode: 'date' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    size: bigint({ mode: 'number' }),
    blobKey: text(),
    error: text(),
  },
  (t) => [
    index('exports_user_created_idx').on(t.userId, t.createdAt),
    index('exports_expires_idx').on(t.expiresAt),
    // One export at a time per person, however many instances take the request.
    uniqueIndex('exports_user_active_uq').on(t.userId).where(sql`${t.state} in ('queued', 'running')`),
    check('exports_state_ck', sql.raw(`state in (${EXPORT_STATES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

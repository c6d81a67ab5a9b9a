import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { IMPORT_STATES, type ImportRefusal, type ImportState } from '../../../shared/schemas/imports';
import { createdAt } from './columns';
import { users } from './users';

/** What an import made, by table: what a failure removes again, and what a retry counts as its own. */
export interface ImportMade {
  tracks: number[];
  playlists: number[];
  equipment: number[];
  versions: number;
  /** Share links it brought back (issue 45): those of an upload link go with nothing else it made. */
  shareLinks?: number[];
  /**
   * What it left out for breaking the API's rules (issue 41), kept beside what it made so that a
   * retry, which starts from nothing made, counts it afresh. Absent in rows written before.
   */
  refused?: ImportRefusal[];
}

/**
 * A person's imports of a Journal export (issue 27, decision 0425): the checked zip waits in the
 * blob store under `blobKey` until the job has recreated it. Clearing the key (the import ended) or
 * deleting the row (the account going) queues the archive for removal through the outbox trigger
 * (migration 0024), and every change of a row is announced to the person's live stream.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text().$type<ImportState>().notNull().default('queued'),
    fileName: text().notNull(),
    blobKey: text(),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    made: jsonb()
      .$type<ImportMade>()
      .notNull()
      .default({ tracks: [], playlists: [], equipment: [], versions: 0 }),
    skippedTracks: integer().notNull().default(0),
    skippedPlaylists: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('imports_user_created_idx').on(t.userId, t.createdAt),
    // One import at a time per person, however many instances take the request.
    uniqueIndex('imports_user_active_uq').on(t.userId).where(sql`${t.state} in ('queued', 'running')`),
    check('imports_state_ck', sql.raw(`state in (${IMPORT_STATES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

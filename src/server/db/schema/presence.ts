import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who has an open event stream, per app instance (decision 0101): a user is online while any
 * instance holds a row for them seen within PRESENCE_EXPIRY. Each instance writes only its own rows
 * (on a stream's first open and last close, and on its heartbeat); rows of an instance that died
 * without saying goodbye expire. Triggers in drizzle/0005 announce rows appearing and disappearing.
 */
export const presence = pgTable(
  'presence',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text().notNull(),
    /** Streams this instance holds for the user (several tabs). */
    streams: integer().notNull(),
    lastSeen: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] })],
);

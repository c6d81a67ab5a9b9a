import { bigint, boolean, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

export const tracks = pgTable(
  'tracks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    filename: text().notNull(),
    filepath: text().notNull(),
    mimeType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    duration: real(),
    notes: text(),
    fileCreatedAt: timestamp({ withTimezone: true, mode: 'date' }),
    shareToEquipmentPages: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The journal lists one user's tracks sorted by upload or by file date.
  (t) => [
    index('tracks_user_created_idx').on(t.userId, t.createdAt),
    index('tracks_user_file_created_idx').on(t.userId, t.fileCreatedAt),
    index('tracks_created_idx').on(t.createdAt),
  ],
);

import { timestamp } from 'drizzle-orm/pg-core';

/** Every table records times with time zone; JSON replies carry them as ISO strings. */
export const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

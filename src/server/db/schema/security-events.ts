import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SECURITY_EVENT_KINDS, type SecurityEventDetail } from '../../../shared/schemas/sessions';
import { users } from './users';

/**
 * A person's security log (issue 27, decision 0410): sign-ins, sessions ended from the sessions
 * list, API keys made and revoked, exports. Shown to that person only; rows older than
 * SECURITY_EVENT_RETENTION_DAYS are pruned, and all go with the account (cascade).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: SECURITY_EVENT_KINDS }).notNull(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    detail: jsonb().$type<SecurityEventDetail>().notNull().default({}),
  },
  (t) => [
    index('security_events_user_at_idx').on(t.userId, t.at),
    // The prune deletes by age across everyone.
    index('security_events_at_idx').on(t.at),
    check(
      'security_events_kind_ck',
      sql.raw(`kind in (${SECURITY_EVENT_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);

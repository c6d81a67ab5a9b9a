import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { equipmentTags } from './equipment';
import { users } from './users';

/**
 * One person blocking another (issue 28, decision 0450). Both sides go with either account; the
 * reverse-direction index serves "is there a block either way" from the blocked side.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** The shared fields an equipment edit may change, each before and after (null: empty). */
export type EquipmentFieldChanges = Partial<
  Record<'name' | 'description' | 'category' | 'image', { before: string | null; after: string | null }>
>;

/**
 * Equipment pages' edit history (issue 28, decision 0450): one row per change to the shared fields.
 * The editor's id is set to null when their account goes ("Deleted user"); a revert names the edit
 * it undid.
 */
export const equipmentEdits = pgTable(
  'equipment_edits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentTags.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb().$type<EquipmentFieldChanges>().notNull(),
    revertOfId: integer().references((): AnyPgColumn => equipmentEdits.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('equipment_edits_equipment_idx').on(t.equipmentId, t.createdAt),
    index('equipment_edits_user_idx').on(t.userId),
    index('equipment_edits_revert_of_idx').on(t.revertOfId),
  ],
);

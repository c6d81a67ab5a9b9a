import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_EQUIPMENT_CATEGORY } from '../../../shared/constants';
import { createdAt, updatedAt } from './columns';
import { searchIndexOptions, searchVector, typoKeys } from './search-documents';
import { tracks } from './tracks';
import { users } from './users';

export const equipmentTags = pgTable(
  'equipment_tags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    // A storage key base (`images/<kind>/<uuid>`), never a URL: replies derive it (decision 0116).
    imageKey: text(),
    category: text().notNull().default(DEFAULT_EQUIPMENT_CATEGORY),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // 'Juno-60' and 'juno-60' are the same piece of gear: uniqueness ignores case.
  (t) => [
    uniqueIndex('equipment_tags_name_lower_uq').on(sql`lower(${t.name})`),
    index('equipment_tags_name_idx').on(t.name),
    index('equipment_tags_search_idx').using('gin', searchVector(t.name)).with(searchIndexOptions),
    index('equipment_tags_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(searchIndexOptions),
    index('equipment_tags_name_typo_idx').using('gin', typoKeys(t.name)).with(searchIndexOptions),
  ],
);

export const trackEquipmentTags = pgTable(
  'track_equipment_tags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    equipmentTagId: integer()
      .notNull()
      .references(() => equipmentTags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * The track's created_at, copied here so that an equipment page's tracks are read in order from
     * one index (issue 48). Written by the database only: a BEFORE INSERT trigger copies it from the
     * track and a trigger on tracks follows a change of created_at (migration 0044). What a writer
     * passes is overwritten; `default` leaves it to the trigger.
     */
    trackCreatedAt: timestamp({ withTimezone: true, mode: 'date' })
      .notNull()
      .$defaultFn(() => sql`default`),
  },
  (t) => [
    uniqueIndex('track_equipment_tags_pair_uq').on(t.trackId, t.equipmentTagId),
    index('track_equipment_tags_tag_idx').on(t.equipmentTagId),
    // 'Tracks Using {name}' newest first, ties by the highest id (issue 48): one range of this index.
    index('track_equipment_tags_tag_order_idx').on(
      t.equipmentTagId,
      t.trackCreatedAt.desc().nullsFirst(),
      t.trackId.desc().nullsFirst(),
    ),
  ],
);

export const equipmentComments = pgTable(
  'equipment_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentTags.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** Set when a moderator hid it from a report (decision 0580): only its author still reads it. */
    hiddenAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('equipment_comments_equipment_created_idx').on(t.equipmentId, t.createdAt),
    index('equipment_comments_user_idx').on(t.userId),
  ],
);

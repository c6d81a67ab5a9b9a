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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReportReason, ReportState } from '../../../shared/schemas/reports';
import { collectivePlaylistComments } from './collectives';
import { createdAt } from './columns';
import { equipmentComments, equipmentTags } from './equipment';
import { trackComments } from './feedback';
import { tracks } from './tracks';
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
    // Every foreign key has an index leading with it (schema.test.ts): a revert's undone edit too.
    index('equipment_edits_revert_of_idx').on(t.revertOfId),
  ],
);

/**
 * Reports (issue 28, decision 0455): one row per person and report, naming its target by exactly one
 * of the six target columns. Each target column is a real foreign key, so a report goes with the
 * thing reported (and with the reporter's account) and the account-deletion walk finds nothing left.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer().references(() => tracks.id, { onDelete: 'cascade' }),
    trackCommentId: integer().references(() => trackComments.id, { onDelete: 'cascade' }),
    playlistCommentId: integer().references(() => collectivePlaylistComments.id, { onDelete: 'cascade' }),
    profileUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    equipmentId: integer().references(() => equipmentTags.id, { onDelete: 'cascade' }),
    /** A comment on an equipment page (issue 42, decision 0580). */
    equipmentCommentId: integer().references(() => equipmentComments.id, { onDelete: 'cascade' }),
    reason: text().$type<ReportReason>().notNull(),
    note: text(),
    state: text().$type<ReportState>().notNull().default('open'),
    /** 'hidden' or 'dismissed' once resolved; the admin who did it (null once their account goes). */
    outcome: text(),
    resolvedById: text().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_state_idx').on(t.state, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_track_idx').on(t.trackId),
    index('reports_track_comment_idx').on(t.trackCommentId),
    index('reports_playlist_comment_idx').on(t.playlistCommentId),
    index('reports_profile_idx').on(t.profileUserId),
    index('reports_equipment_idx').on(t.equipmentId),
    index('reports_equipment_comment_idx').on(t.equipmentCommentId),
    index('reports_resolved_by_idx').on(t.resolvedById),
    // One open report per person and target, held by the database so two reports sent at once
    // cannot both land (the service answers the loser 409). Nulls coalesced: they are distinct in
    // a unique index, and five of the six target columns are null in every row.
    uniqueIndex('reports_one_open_uq')
      .on(
        t.reporterId,
        sql`coalesce(${t.trackId}, 0)`,
        sql`coalesce(${t.trackCommentId}, 0)`,
        sql`coalesce(${t.playlistCommentId}, 0)`,
        sql`coalesce(${t.profileUserId}, '')`,
        sql`coalesce(${t.equipmentId}, 0)`,
        sql`coalesce(${t.equipmentCommentId}, 0)`,
      )
      .where(sql`${t.state} = 'open'`),
    check(
      'reports_one_target_ck',
      sql`num_nonnulls(${t.trackId}, ${t.trackCommentId}, ${t.playlistCommentId}, ${t.profileUserId}, ${t.equipmentId}, ${t.equipmentCommentId}) = 1`,
    ),
    check('reports_reason_ck', sql`${t.reason} in ('spam', 'abuse', 'copyright', 'other')`),
    check('reports_state_ck', sql`${t.state} in ('open', 'resolved')`),
  ],
);

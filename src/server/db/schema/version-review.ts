import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { VersionStatus } from '../../../shared/schemas/version-review';
import { collectives } from './collectives';
import { tracks } from './tracks';
import { users } from './users';

/**
 * Where a version of a track stands (issue 44, decision 0650). The owner's word has no collective
 * (`in_progress` or `in_review`); each collective the track is shared into has its members' verdict
 * (`changes_requested` or `approved`). No row: in progress, no verdict. Versions are numbered 1 to
 * the track's `version` (a track with one version has no `track_versions` row), so the row names
 * the track and the number.
 */
export const trackVersionStatuses = pgTable(
  'track_version_statuses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** Null: the owner's status; else that collective's verdict (it goes with the collective). */
    collectiveId: integer().references(() => collectives.id, { onDelete: 'cascade' }),
    status: text().$type<VersionStatus>().notNull(),
    /** Who set it last; null once their account is gone (the status stays). */
    setBy: text().references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('track_version_statuses_owner_uq')
      .on(t.trackId, t.version)
      .where(sql`${t.collectiveId} is null`),
    uniqueIndex('track_version_statuses_collective_uq')
      .on(t.trackId, t.version, t.collectiveId)
      .where(sql`${t.collectiveId} is not null`),
    index('track_version_statuses_collective_idx').on(t.collectiveId),
    // A track's statuses whatever their scope (issue 48): the rows' summaries and /rest's songs ask
    // `track_id in (…)` and join on (track_id, version) for the owner's word and every verdict at
    // once; each unique index above is partial and serves only one scope, so the planner read the
    // whole table (src/test/sequential-scans.test.ts). Also what deleting a track cascades through.
    index('track_version_statuses_track_idx').on(t.trackId, t.version),
    index('track_version_statuses_set_by_idx').on(t.setBy),
    check(
      'track_version_statuses_status_ck',
      sql`${t.status} in ('in_progress', 'in_review', 'changes_requested', 'approved')`,
    ),
    // The owner says in progress / in review; a collective says changes requested / approved.
    check(
      'track_version_statuses_scope_ck',
      sql`(${t.collectiveId} is null) = (${t.status} in ('in_progress', 'in_review'))`,
    ),
    check('track_version_statuses_version_ck', sql`${t.version} >= 1`),
  ],
);

/**
 * How many open threads (top-level comments neither resolved nor hidden by a moderator) each
 * version of a track has in each collective (issue 48): the journal's and a collective's review
 * summaries read the rows with some open, by owner or by collective, instead of counting every open
 * comment of the instance (`track_comments` has no owner column: 660 ms for the 100,000-track
 * journal on the scale database). Kept by the statement triggers of migration 0050 on
 * track_comments, in the database, so that no writer can forget it (a comment, a reply, a resolve,
 * a reopen, a moderator's hide, a carried thread, an import, a cascade). Nothing in the app writes
 * it. A row at 0 stays (a thread once open there); the reads skip it by the partial indexes.
 */
export const trackOpenThreads = pgTable(
  'track_open_threads',
  {
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    trackVersion: integer().notNull(),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    /** The track's owner: the journal's summaries find theirs without reading anyone else's. */
    ownerId: text().notNull(),
    open: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.trackVersion, t.collectiveId] }),
    index('track_open_threads_owner_idx').on(t.ownerId).where(sql`${t.open} > 0`),
    // Not partial: it also serves the cascade when a collective is deleted.
    index('track_open_threads_collective_idx').on(t.collectiveId, t.trackId),
  ],
);

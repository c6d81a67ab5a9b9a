import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { searchIndexOptions } from './search-documents';
import { tracks } from './tracks';
import { users } from './users';

/**
 * What the journal's text filter matches a track against (issue 48): its MatchDoc
 * (src/shared/track-match.ts) folded once and kept, instead of folding every track of the owner's
 * at every filtered page (100,000 tracks: 12 s). Kept by triggers of migration 0048 on tracks,
 * track_equipment_tags and equipment_tags, in the database, so that no writer can forget it (an
 * upload, a rename, new notes, a tag, a renamed piece of equipment, an import). Nothing in the app
 * writes it.
 *
 * A table of its own rather than columns of tracks: a wider tracks row made the planner leave the
 * journal's order indexes (decision 0500), and the trigram index needs the owner beside the text.
 */
export const trackMatchDocuments = pgTable(
  'track_match_documents',
  {
    trackId: integer()
      .primaryKey()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** The track's owner: the index finds one person's matches without reading anyone else's. */
    userId: text().notNull(),
    /** MatchDoc.name: ' ' || folded name || ' '. */
    name: text().notNull(),
    /** MatchDoc.all: ' ' || folded name, notes and equipment names || ' '. */
    document: text().notNull(),
  },
  (t) => [
    // `user_id = $1 and document like '% word%'` in one index scan: btree_gin's equality on the owner
    // intersected with the word's trigrams, so a filter costs the owner's matches, not the instance's
    // nor the owner's journal.
    index('track_match_documents_user_trgm_idx')
      .using('gin', t.userId, t.document.op('gin_trgm_ops'))
      .with(searchIndexOptions),
    // A one-word filter's rank tiers (rankTiers, migration 0052): within a tier the rank is the
    // name's length, then the name, so a page walks this index and stops once full; the tiers whose
    // name holds the word are found by the name's own trigrams, a few among many.
    index('track_match_documents_user_name_order_idx').on(
      t.userId,
      sql`char_length(${t.name})`,
      sql`${t.name} collate "C"`,
    ),
    index('track_match_documents_user_name_trgm_idx')
      .using('gin', t.userId, t.name.op('gin_trgm_ops'))
      .with(searchIndexOptions),
  ],
);

/**
 * How many tracks each person has (issue 48): the journal's "of 100,000 tracks" without counting
 * them at every first page. Kept by the statement triggers of migration 0048 on tracks.
 */
export const userTrackCounts = pgTable('user_track_counts', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tracks: integer().notNull().default(0),
});

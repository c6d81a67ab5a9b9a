import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProcessingState, TrackVisibility } from '../../../shared/schemas/tracks';
import { createdAt, takeDescriptionColumns, updatedAt } from './columns';
import { ownedWords, searchIndexOptions, trackDocument, typoKeys } from './search-documents';
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
    /** Who may open it besides its owner and its collectives (decision 0140): new uploads are private. */
    visibility: text().$type<TrackVisibility>().notNull().default('private'),
    /** sha256 (hex) of the original's bytes, taken while the upload streamed (decision 0144); null before 0008. */
    contentHash: text(),
    // Media processing (issue 10, decisions 0039-0046). A new row is `pending` until the
    // process-track job has measured it; existing rows became `pending` in migration 0002.
    processingState: text().$type<ProcessingState>().notNull().default('pending'),
    /** Why processing failed, in words for the owner; null unless `failed`. */
    processingError: text(),
    /** Every current browser plays the original as it is (decision 0041), so /stream serves it. */
    originalPlayable: boolean().notNull().default(false),
    /** The browser-playable copy of an original browsers do not all play; null when not needed. */
    renditionKey: text(),
    renditionMimeType: text(),
    /** JSON {duration, peaks} of the waveform, beside the original in the blob store. */
    peaksKey: text(),
    /**
     * The link-preview picture (GET /api/tracks/{id}/og.png), rendered on first request and stored
     * beside the track's files; its key names a hash of what it shows (decision 0350).
     */
    ogImageKey: text(),
    /** EBU R128 integrated loudness (LUFS) and true peak (dBTP), null until measured. */
    loudnessLufs: real(),
    truePeakDb: real(),
    /** The current file's sample rate (Hz) and channel count as probed, null until processed. */
    sampleRate: integer(),
    channels: integer(),
    /**
     * The onset envelope of the current file's opening, base64 (src/server/media/onsets.ts), that
     * earlier versions are aligned against (issue 43, decision 0600); null until measured.
     */
    onsets: text(),
    /** Where the current file's audio starts (first moment above the silence floor), in seconds. */
    audioStartSeconds: real(),
    ...takeDescriptionColumns(),
    /** The owner's own tempo and key (issue 47): shown instead of the measured ones, kept across versions. */
    ownerBpm: real(),
    ownerKey: text(),
    /**
     * Sub-fingerprints of the current file with their lowest bits dropped: an upload finds the
     * person's takes that share some through the GIN index, then compares whole fingerprints.
     */
    fingerprintHashes: integer().array(),
    /** 1 for the first upload; each new file the owner uploads for the track adds one (decision 0220). */
    version: integer().notNull().default(1),
    /** Hidden by a moderator (decision 0455): 404 to everyone but its owner. */
    hiddenAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * Renewed (next value of journal_revision_seq) by a trigger whenever anything the journal list
     * shows of this track changes, its equipment included (migration 0031, decision 0490): the list
     * cache reads again only the tracks whose number differs from the one it holds.
     */
    listRevision: bigint({ mode: 'number' }).notNull().default(sql`nextval('journal_revision_seq')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The journal lists one user's tracks in either order, a page at a time (decision 0065): each index
  // holds an order exactly, ties by id included, so a page is read in order and stops at its limit.
  (t) => [
    // `desc` is `desc nulls first` in SQL, as the list's ORDER BY writes it (drizzle's .desc() alone
    // writes nulls last, which the planner would not match to it).
    index('tracks_user_uploaded_order_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Undated files sort as -infinity (last, newest first), the key track-list.query.ts orders by.
    index('tracks_user_file_date_order_idx').on(
      t.userId,
      sql`coalesce(${t.fileCreatedAt}, '-infinity'::timestamptz)`,
      t.createdAt,
      t.id,
    ),
    // A public profile's tracks (issue 48), newest first: only the rows it shows, so a page is read
    // in order however few of a big journal's tracks are public, and its count is an index-only scan.
    index('tracks_user_public_order_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.visibility} = 'public' and ${t.hiddenAt} is null`),
    index('tracks_created_idx').on(t.createdAt),
    // The list cache reads what changed since the revision it holds (decision 0490).
    index('tracks_user_list_revision_idx').on(t.userId, t.listRevision),
    // Start-up finds the tracks still waiting for processing.
    index('tracks_processing_state_idx').on(t.processingState),
    // The description sweep finds takes measured before the current analysis (decision 0867).
    index('tracks_analysis_level_idx').on(t.analysisLevel, t.id),
    // Search (issue 13, decision 0131): words of the name and notes, and trigrams of the name for typos.
    // A person searches their own tracks only (decision 0130): every index is by owner first, so a
    // search reads the caller's entries, not the instance's (issue 48). The words are prefixed with
    // the owner (ownedWords); the trigram and typo indexes lead with user_id (btree_gin).
    index('tracks_search_idx')
      .using('gin', ownedWords(t.userId, trackDocument(t.name, t.notes)))
      .with(searchIndexOptions),
    index('tracks_name_trgm_idx').using('gin', t.userId, t.name.op('gin_trgm_ops')).with(searchIndexOptions),
    // A word of the name with one letter wrong or two neighbours swapped (decision 0500).
    index('tracks_name_typo_idx').using('gin', t.userId, typoKeys(t.name)).with(searchIndexOptions),
    // An upload asks whether its bytes are already in the person's journal (decision 0144).
    index('tracks_user_content_hash_idx').on(t.userId, t.contentHash),
    // Without a pending list, as every GIN index here (PGlite has no autovacuum to flush one: 0210).
    index('tracks_fingerprint_hashes_idx').using('gin', t.fingerprintHashes).with(searchIndexOptions),
  ],
);

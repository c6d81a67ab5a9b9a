import { bigint, boolean, index, integer, pgTable, real, text, unique } from 'drizzle-orm/pg-core';
import type { ProcessingState } from '../../../shared/schemas/tracks';
import { createdAt, takeDescriptionColumns } from './columns';
import { tracks } from './tracks';

/**
 * The versions of a track (decisions 0220, 0430). A row is written for each new file the owner
 * uploads (v2, v3…) and, when version 1 is first replaced, for version 1 too (note null, dated with
 * the track). The track row always holds the current file; an earlier version's row holds its
 * original (`storageKey` and the rest) while it is kept, so the owner can download or remove it.
 * Deleting the row or clearing `storageKey` queues the file in the blob outbox (trigger, decision 0095).
 */
export const trackVersions = pgTable(
  'track_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** "What changed", in the owner's words. */
    note: text(),
    filename: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /**
     * The kept original of an earlier version (decision 0430): null for the current version (the
     * track row holds its file), for a version whose file the owner removed, and for versions
     * replaced before migration 0026 (their files were removed then).
     */
    storageKey: text(),
    mimeType: text(),
    /** sha256 (hex) of the kept original, as the upload measured it; null when unknown. */
    contentHash: text(),
    // An earlier version is a first-class take (issue 43, decision 0600): what processing made of
    // its file, as the track row holds it for the current one. When a new version replaces the
    // current one, the track's results move here (the file was already processed); versions kept
    // before migration 0035 are processed by the same queue. All null/false on the current
    // version's row (the track row holds its results) and on a version without a file.
    /** Null: nothing to process (the current version, or no file); else as the track's state. */
    processingState: text().$type<ProcessingState>(),
    processingError: text(),
    originalPlayable: boolean().notNull().default(false),
    renditionKey: text(),
    renditionMimeType: text(),
    peaksKey: text(),
    loudnessLufs: real(),
    truePeakDb: real(),
    sampleRate: integer(),
    channels: integer(),
    duration: real(),
    /** The onset envelope of the file's opening (src/server/media/onsets.ts), base64; null until measured. */
    onsets: text(),
    /** Where the audio starts: the first moment above the silence floor, in seconds. */
    audioStartSeconds: real(),
    ...takeDescriptionColumns(),
    /**
     * Where this version's audio starts relative to the current version's, positive when it starts
     * later (cross-correlated onsets); null until both are measured. Measured again whenever the
     * current version changes.
     */
    alignSeconds: real(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('track_versions_track_version_uq').on(t.trackId, t.version),
    // The activity feed reads versions newest first.
    index('track_versions_created_idx').on(t.createdAt),
    // Start-up finds the versions still waiting for processing.
    index('track_versions_processing_state_idx').on(t.processingState),
  ],
);

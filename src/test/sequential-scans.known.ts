import type { SeqScan } from './query-plans';

// The EXPLAIN walk's lists (sequential-scans.test.ts, decision 0876): which tables are big, which
// whole reads are known and why, and how a read is matched to them.

/**
 * Tables whose rows grow with the tracks, the listening or the traffic: a million tracks make
 * millions of these (bench/README.md, "Scale seed"). No request may read one whole.
 */
export const BIG_TABLES = new Set([
  'tracks',
  'track_versions',
  'track_version_statuses',
  'track_equipment_tags',
  'track_comments',
  'track_likes',
  'track_plays',
  'track_ratings',
  'playlists',
  'playlist_tracks',
  'collective_playlist_comments',
  'equipment_comments',
  'equipment_edits',
  'guest_comments',
  'notifications',
  'sessions',
  'security_events',
  'share_links',
  'share_listens',
  'share_uploads',
  'library_stars',
  'library_ratings',
  'bookmarks',
  'play_queue_entries',
  'now_playing',
  'rate_limit_hits',
  'blob_deletions',
  'transcode_cache',
  // One row a track: the journal filter's folded text (migration 0048).
  'track_match_documents',
  // One row a version and collective with a thread (migration 0050).
  'track_open_threads',
  // One row a track and genre; one a person, genre and year (migration 0053).
  'track_genres',
  'user_genre_counts',
  // One row a fingerprint key, up to 2^20 (migration 0054).
  'fingerprint_key_takes',
]);

/**
 * Tables that may be read whole: one row per person or per thing people make by hand, a few
 * thousand at the scale of issue 48 (10,000 people, 5,000 equipment pages, 2,000 collectives), read
 * in well under a millisecond a page; or bounded by design (one row per periodic task, per export or
 * import in progress, per report waiting for an admin). Every table of the schema is in one list
 * or the other (a test below): a new table is classified when it is made.
 */
export const SMALL_TABLES = new Set([
  'users',
  // One row a person: their number of tracks, read by its key (migration 0048).
  'user_track_counts',
  'user_identities',
  'user_blocks',
  'api_credentials',
  'notification_preferences',
  'equipment_tags',
  'collectives',
  'collective_members',
  'collective_invitations',
  'collective_invite_links',
  'playlist_collective_shares',
  'play_queues',
  'presence',
  'reports',
  'exports',
  'imports',
  'scheduled_task_runs',
  // Sixteen rows: the instance's storage totals (migration 0051).
  'storage_totals',
]);

export interface Offender {
  /** What the statement is, and where its fix stands. */
  what: string;
  /** The request of the walk that sends it (a prefix of its label). */
  during: string;
  table: string;
  sql: RegExp;
}

/**
 * KNOWN OFFENDERS: statements of the walk that read a big table whole and are not fixed yet, each
 * naming what it is, its figure on the scale database and where its fix stands. Empty since issue
 * 48's last one (the admin overview's totals, decision 0889). An entry that no longer matches any
 * statement fails the test too ("fixed: remove it"), so the list only shrinks; any statement not
 * in it fails at once.
 */
const KNOWN_OFFENDERS: Offender[] = [];

/**
 * Plans of a few rows that the scale database does not make: the planner walks a small partial
 * index whole (filtering on a column another index has first) because on a few rows that is
 * cheapest. Each was checked with psql EXPLAIN ANALYZE on the scale database (bench/README.md,
 * "Scale seed"), where the statement is driven by an index condition.
 */
const SMALL_DATABASE_PLANS: Offender[] = [
  {
    what: "Subsonic's tracks shared with me (listedFromOthers, listedHalves' second half: search3's sync, getRandomSongs, getGenres, getAlbumList2, getArtists): at scale driven from the viewer's collective_members through playlist_collective_shares and playlist_tracks to tracks_pkey, 1.6 ms for a member of two collectives (127 entries, 1,000,000 tracks); on a few rows the planner walks an order index instead",
    during: '/rest/',
    table: 'tracks',
    sql: /"tracks"\."user_id" <> \$\d+ and "tracks"\."id" in \(select distinct "playlist_tracks"\."track_id" from "collective_members"/s,
  },
];

const matches = (entry: Offender, scan: SeqScan) =>
  entry.table === scan.table &&
  scan.statement.during.startsWith(entry.during) &&
  entry.sql.test(scan.statement.sql);

/** The list entry a whole read is known by, if any. */
export const knownEntry = (scan: SeqScan) =>
  [...KNOWN_OFFENDERS, ...SMALL_DATABASE_PLANS].find((k) => matches(k, scan));

/**
 * The entries to remove from their list: an offender or a small database's plan that no read of
 * the walk matches any more (fixed, or the statement changed). The walk plans over never-analysed
 * tables every time (a reused PGlite instance's leftover statistics once made it plan otherwise in
 * CI, src/test/pglite-pool.ts), so a small database's plan is made on every run or on none.
 */
export const entriesGone = (scans: readonly SeqScan[]) =>
  [...KNOWN_OFFENDERS, ...SMALL_DATABASE_PLANS].filter((k) => !scans.some((s) => matches(k, s)));

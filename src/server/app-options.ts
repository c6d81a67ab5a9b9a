import type { Config } from './config';
import type { Database, QueueConnection } from './db/client';
import type { LiveEventsOptions } from './events/events.routes';
import type { OidcClient } from './features/auth/oidc-client';
import type { RateLimitOverrides } from './plugins/rate-limits';
import type { BlobStore } from './storage/blob-store';

/** What buildApp takes: the configuration, and what tests and the cluster runner put in its place. */
export interface BuildAppOptions {
  config: Config & { sessionSecret: string };
  db: Database;
  /** Overrides the OIDC client built from config (tests). */
  oidcClient?: OidcClient;
  /** Where uploads are kept; default: local disk under DATA_DIR/files. */
  store?: BlobStore;
  /** Built client to serve (dist/client); omitted or missing: API only. */
  clientDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /**
   * false: rate-limit counters in this process even on PostgreSQL or with REDIS_URL (tests that count
   * queries); default: shared whenever the database or Redis can share them (decision 0098).
   */
  sharedRateLimits?: boolean;
  /** Per-minute limits other than the defaults of plugins/rate-limits.ts (tests raise or lower them). */
  rateLimits?: RateLimitOverrides;
  /** Uploads one person may have in progress at once (default UPLOADS_AT_ONCE.perPerson; tests). */
  uploadsPerPerson?: number;
  /** How long a /rest transcode waits in line for a slot (default TRANSCODE_WAIT_MS; tests). */
  transcodeWaitMs?: number;
  sessionPruneIntervalMs?: number;
  /** How often security events past 90 days are deleted; 0 = never (tests prune by hand). */
  securityEventPruneIntervalMs?: number;
  /** Planner statistics (decision 0475): analyzed this long after the last write (default 5 s; 0: off). */
  statisticsDebounceMs?: number;
  /** And this often on one instance (default 10 min; 0: off). */
  statisticsIntervalMs?: number;
  /** How often expired data exports are removed (default hourly); 0: never (tests sweep by hand). */
  exportSweepIntervalMs?: number;
  /**
   * How often the blob-deletions outbox is drained whatever happened (rows a drain gave up on); 0 =
   * only on start-up and after each change (decision 0095).
   */
  blobDrainIntervalMs?: number;
  /** How an import waits for a per-minute limit's window to end (default: real time; tests move a clock). */
  importPaceSleep?: (ms: number) => Promise<void>;
  /** How often expired demo accounts are swept; 0 = never (tests sweep by hand). */
  demoSweepIntervalMs?: number;
  /** Demo sessions per address per hour; tests that sign in as many demo visitors raise it. */
  demoSessionsPerHour?: number;
  /**
   * The database as the job queue reaches it (DatabaseHandle.queueConnection). Omitted (a few tests
   * that never upload): no queue, and uploads stay `pending`.
   */
  queueConnection?: QueueConnection;
  /** How long /metrics reuses what it read from the database (default 10 s; tests: 0). */
  metricsCacheMs?: number;
  /** Live event timings (stream and presence heartbeats, listener reconnect); tests shorten them. */
  liveEvents?: Pick<
    LiveEventsOptions,
    'streamHeartbeatMs' | 'presenceHeartbeatMs' | 'listenRetryMs' | 'sessionCheckMs'
  >;
  /**
   * Fingerprint each upload in its request, so its reply names the person's takes it sounds like
   * (decision 0832); default on. Tests leave it off unless they run ffmpeg (buildTestApp).
   */
  fingerprintUploads?: boolean;
  /**
   * Up to how many tracks GET /api/tracks sends the whole journal, and the page size beyond
   * (WHOLE_JOURNAL_MAX_TRACKS, JOURNAL_PAGE_SIZE); tests make them small.
   */
  wholeJournal?: { maxTracks: number; pageSize: number };
  /** Job queue timings; defaults suit production, tests shorten them. */
  queueTimings?: {
    pollingIntervalSeconds?: number;
    superviseIntervalSeconds?: number;
    stopTimeoutMs?: number;
    /** First retry delay of a failed media job (default 10 s), and how many retries (default 5). */
    retryDelaySeconds?: number;
    retryLimit?: number;
  };
}

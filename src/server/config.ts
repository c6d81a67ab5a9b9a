import { availableParallelism } from 'node:os';
import type { SignupMode } from '../shared/schemas/admin';
import { envSchema, GOOGLE_ISSUER, isPostgresUrl, SECRET_KEYS } from './config-env';
import type { S3StoreOptions } from './storage/s3-options';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Tests only: lets openid-client talk to a local http issuer. Never set from the environment. */
  allowInsecureRequests?: boolean;
}

export interface Config {
  port: number;
  host: string;
  /** postgres://… for PostgreSQL; memory: for a throw-away PGlite; undefined for PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  /**
   * The secret that signs session cookies: SESSION_SECRET's first entry. Undefined until main.ts
   * resolves it (PGlite only: generated once and kept under dataDir); required with PostgreSQL.
   */
  sessionSecret: string | undefined;
  /** SESSION_SECRET's other entries: cookies they signed still verify, and are signed anew (0097). */
  previousSessionSecrets: string[];
  /** Apply pending migrations at start-up; false when deployments run `npm run db:migrate` first. */
  migrateOnStart: boolean;
  /** Rate-limit counters in Redis instead of PostgreSQL (decision 0098); unset: PostgreSQL or memory. */
  redisUrl: string | undefined;
  oidc: OidcConfig | undefined;
  maxUploadBytes: number;
  logLevel: string;
  /** auto: human lines when stdout is a terminal, JSON otherwise (decision 0861). */
  logFormat: 'auto' | 'json' | 'pretty';
  /**
   * Which proxies' X-Forwarded-* headers are believed (Fastify's trustProxy): false (default: none),
   * true (any), a hop count, or a list of addresses/CIDRs. Client addresses key the rate limits, so
   * trusting a header anyone can send would let a script rotate its way past them.
   */
  trustProxy: boolean | number | string[];
  /** An upload whose client sends nothing for this long is cut off. */
  uploadIdleTimeoutMs: number;
  /**
   * The slowest average rate an upload's body may arrive at, after uploadRateGraceMs: an upload of
   * n bytes must be complete within grace + n / rate (decision 0250). 0 = no minimum.
   */
  uploadMinBytesPerSecond: number;
  uploadRateGraceMs: number;
  /** After SIGTERM, the process exits by this deadline even if requests are still open. */
  shutdownTimeoutMs: number;
  /** Bytes of audio each person may store; 0 = unlimited. */
  storageQuotaBytes: number;
  /** Bytes each person may upload an hour, every upload and import together; 0 = no budget (decision 0560). */
  uploadBytesPerHour: number;
  /**
   * Bytes of finished /rest stream transcodes kept in the blob store, across instances, the least
   * recently used evicted first (decision 0400); 0 = every transcode runs ffmpeg.
   */
  transcodeCacheBytes: number;
  /**
   * ffmpeg processes /rest stream runs at once on this instance, one a person at most; a request
   * past them waits a few seconds in line, then is told the server is busy (decision 0535).
   */
  transcodeSlots: number;
  /** A transcode whose listener takes no byte for this long is cut and its slot freed (0535). */
  transcodeStallMs: number;
  /** Media jobs (process-track) this instance runs at once; 0 = it processes none (scale-out). */
  mediaWorkers: number;
  /**
   * A media job whose worker stops sending heartbeats for this long (the process was killed) is
   * retried by another instance or after a restart (decision 0039).
   */
  mediaJobHeartbeatSeconds: number;
  /** ffmpeg/ffprobe to run instead of the ones found on PATH or shipped by npm (decision 0040). */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /**
   * Requests a minute each user (or signed-out address) may make, media streams and hashed assets
   * aside; 0 switches every rate limit off (benchmarks; decision 0059).
   */
  rateLimitPerMinute: number;
  /**
   * Memory for whole journal lists kept as sent, per user and sort (decision 0084); the least
   * recently used go first. 0 = every GET /api/tracks runs the list query.
   */
  trackListCacheBytes: number;
  /**
   * How long a loaded session (with its user) and a stream permission are reused in this process
   * before the database is asked again; any change made through the API drops them at once, so the
   * bound matters only for changes made elsewhere (another instance, SQL). 0 = ask every time
   * (decision 0066).
   */
  accessCacheSeconds: number;
  /** 'nginx': media bytes are handed to nginx with X-Accel-Redirect after the access check (0069). */
  streamOffload: 'none' | 'nginx';
  /** Where blobs live: DATA_DIR/files (default) or an S3-compatible bucket (decision 0090). */
  storage: 'local' | 's3';
  /** With STORAGE=s3: the bucket and how to reach it. */
  s3: S3StoreOptions | undefined;
  /**
   * With STORAGE=s3, how media reaches listeners: 'proxy' streams ranged GETs through the app,
   * 'redirect' answers 302 to a short-lived presigned URL after the access check (decision 0092).
   */
  s3Stream: 'proxy' | 'redirect';
  demoEnabled: boolean;
  /**
   * ADMIN_USERS: who may open /admin (decision 0445), as lower-case emails and usernames, and
   * `sub:<subject>` for an OpenID Connect subject at `oidc.issuer` (its case kept). An email counts
   * only while the issuer says it is verified (decision 0530); demo accounts never are. Omitted: nobody.
   */
  adminUsers?: readonly string[];
  /** SIGNUP: who may create an account by signing in (decision 0445). Omitted: open. */
  signup?: SignupMode;
  /**
   * Opt-in: every reply says which instance answered it in an `X-Instance` header (the cluster test
   * and operators behind a balancer read it; decision 0106). Undefined: no header.
   */
  instanceName?: string;
  /** Demo accounts (and their files) are deleted this long after they were created. */
  demoTtlHours: number;
  /** GET /metrics answers only with this bearer token; unset (and no metricsPort): 404 (decision 0440). */
  metricsToken?: string;
  /** Metrics served on this port only, on a listener of their own, instead of the app's port. */
  metricsPort?: number;
  /** OTLP/HTTP collector: tracing is started only when set (observability/start-tracing.ts). */
  otlpEndpoint?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_REQUIRED =
  'SESSION_SECRET: is required with PostgreSQL, since every instance must sign sessions with the same secret (at least 32 characters, e.g. from `openssl rand -base64 48`)';

/**
 * Reads and validates the environment; every bad value is named in one error. `serving: false` (the
 * db:migrate command) needs no session secret.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { serving?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        const raw = env[key];
        const shown = raw === undefined ? '' : SECRET_KEYS.has(key) ? ' (value hidden)' : ` (got "${raw}")`;
        return `${key}${shown}: ${issue.message}`;
      });
  // With PostgreSQL there may be several instances: a secret each generated for itself would sign
  // everyone out whenever the balancer sent them to another (decision 0097).
  if (options.serving !== false && isPostgresUrl(env.DATABASE_URL?.trim()) && !env.SESSION_SECRET?.trim()) {
    problems.push(SECRET_REQUIRED);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    // A newcomer's `npm start` should not offer the journal to the whole network (decision 0860).
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET?.[0],
    previousSessionSecrets: e.SESSION_SECRET?.slice(1) ?? [],
    migrateOnStart: e.MIGRATE_ON_START,
    redisUrl: e.REDIS_URL,
    oidc:
      e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER ?? GOOGLE_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
          }
        : undefined,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
    uploadRateGraceMs: e.UPLOAD_RATE_GRACE_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    uploadBytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
    transcodeCacheBytes: e.TRANSCODE_CACHE_MAX_BYTES,
    // Each transcode takes a core while it encodes faster than real time; requests keep theirs.
    transcodeSlots: e.TRANSCODE_SLOTS ?? Math.max(2, availableParallelism()),
    transcodeStallMs: e.TRANSCODE_STALL_SECONDS * 1000,
    mediaWorkers: e.MEDIA_WORKERS,
    mediaJobHeartbeatSeconds: e.MEDIA_JOB_HEARTBEAT_SECONDS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trackListCacheBytes: Math.floor(e.TRACK_LIST_CACHE_MB * 1024 * 1024),
    accessCacheSeconds: e.ACCESS_CACHE_SECONDS,
    streamOffload: e.STREAM_OFFLOAD,
    storage: e.STORAGE,
    s3:
      e.STORAGE === 's3' && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    s3Stream: e.S3_STREAM,
    demoEnabled: e.DEMO_ENABLED,
    demoTtlHours: e.DEMO_TTL_HOURS,
    adminUsers: e.ADMIN_USERS,
    signup: e.SIGNUP,
    instanceName: e.INSTANCE_NAME,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

import { z } from 'zod';
import { SIGNUP_MODES, type SignupMode } from '../shared/schemas/admin';
import type { S3StoreOptions } from './storage/s3-store';

const GOOGLE_ISSUER = 'https://accounts.google.com';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' }))
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const wholeMs = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a positive whole number of milliseconds' })
    .int('must be a positive whole number of milliseconds')
    .positive('must be a positive whole number of milliseconds')
    .default(fallback);

const IP_OR_CIDR = String.raw`([0-9a-fA-F:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)`;
const TRUST_PROXY_PATTERN = new RegExp(
  String.raw`^(true|false|\d{1,2}|${IP_OR_CIDR}(\s*,\s*${IP_OR_CIDR})*)$`,
  'i',
);

/** Settings whose values must never be printed, not even in a configuration error. */
const SECRET_KEYS = new Set([
  'SESSION_SECRET',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'S3_SECRET_ACCESS_KEY',
  'REDIS_URL',
  'METRICS_TOKEN',
]);

const isPostgresUrl = (url: string | undefined) => url !== undefined && /^postgres(ql)?:\/\//.test(url);

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535')
      .default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(
          /^(postgres(ql)?:\/\/|memory:)/,
          'must start with postgres:// or postgresql:// (or be memory:)',
        )
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    PUBLIC_URL: optionalText.pipe(
      z
        .url({ message: 'must be an absolute http(s) URL such as https://journal.example.com' })
        .regex(/^https?:\/\//, 'must be an absolute http(s) URL such as https://journal.example.com')
        .optional(),
    ),
    // One secret, or several separated by commas: the first signs, all verify (rotation, decision 0097).
    SESSION_SECRET: optionalText.pipe(
      z
        .string()
        .transform((v) => v.split(',').map((part) => part.trim()))
        .pipe(z.array(z.string().min(32, 'must be at least 32 characters long (each, when a list)')).min(1))
        .optional(),
    ),
    MIGRATE_ON_START: booleanFlag.default(true),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    OIDC_ISSUER: optionalText.pipe(
      z.url({ message: 'must be the issuer URL, e.g. https://accounts.google.com' }).optional(),
    ),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    MAX_UPLOAD_BYTES: z.coerce
      .number({ message: 'must be a positive number of bytes' })
      .int('must be a positive number of bytes')
      .positive('must be a positive number of bytes')
      .default(1024 * 1024 * 1024),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .regex(
          TRUST_PROXY_PATTERN,
          'must be false, true, a number of proxy hops (e.g. 1), or a comma-separated list of addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
        )
        .optional(),
    ),
    UPLOAD_IDLE_TIMEOUT_MS: wholeMs(30_000),
    // 8 KiB/s is 64 kbit/s: a poor mobile uplink shared by the browser's three uploads still
    // manages it; a client trickling bytes to hold a connection does not (decision 0250).
    UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
      .number({ message: 'must be a whole number of bytes a second (0 = no minimum)' })
      .int('must be a whole number of bytes a second (0 = no minimum)')
      .min(0, 'must be a whole number of bytes a second (0 = no minimum)')
      .default(8 * 1024),
    UPLOAD_RATE_GRACE_SECONDS: z.coerce
      .number({ message: 'must be a whole number of seconds, at least 1' })
      .int('must be a whole number of seconds, at least 1')
      .min(1, 'must be a whole number of seconds, at least 1')
      .max(3600, 'must be at most 3600 (an hour)')
      .default(30),
    SHUTDOWN_TIMEOUT_MS: wholeMs(25_000),
    STORAGE_QUOTA_BYTES: z.coerce
      .number({ message: 'must be a whole number of bytes (0 = unlimited)' })
      .int('must be a whole number of bytes (0 = unlimited)')
      .min(0, 'must be a whole number of bytes (0 = unlimited)')
      .default(10 * 1024 ** 3),
    TRANSCODE_CACHE_MAX_BYTES: z.coerce
      .number({ message: 'must be a whole number of bytes (0 = no transcode cache)' })
      .int('must be a whole number of bytes (0 = no transcode cache)')
      .min(0, 'must be a whole number of bytes (0 = no transcode cache)')
      .default(1024 ** 3),
    MEDIA_WORKERS: z.coerce
      .number({ message: 'must be a whole number of jobs (0 = this instance processes no media)' })
      .int('must be a whole number of jobs (0 = this instance processes no media)')
      .min(0, 'must be a whole number of jobs (0 = this instance processes no media)')
      .max(32, 'must be at most 32')
      .default(1),
    MEDIA_JOB_HEARTBEAT_SECONDS: z.coerce
      .number({ message: 'must be a whole number of seconds, at least 10' })
      .int('must be a whole number of seconds, at least 10')
      .min(10, 'must be a whole number of seconds, at least 10')
      .default(10),
    FFMPEG_PATH: optionalText,
    FFPROBE_PATH: optionalText,
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ message: 'must be a whole number of requests a minute (0 = no rate limits)' })
      .int('must be a whole number of requests a minute (0 = no rate limits)')
      .min(0, 'must be a whole number of requests a minute (0 = no rate limits)')
      .default(1000),
    TRACK_LIST_CACHE_MB: z.coerce
      .number({ message: 'must be a number of megabytes (0 = no journal list cache)' })
      .min(0, 'must be a number of megabytes (0 = no journal list cache)')
      .default(64),
    ACCESS_CACHE_SECONDS: z.coerce
      .number({ message: 'must be a whole number of seconds (0 = no cache)' })
      .int('must be a whole number of seconds (0 = no cache)')
      .min(0, 'must be a whole number of seconds (0 = no cache)')
      .max(300, 'must be at most 300 seconds')
      .default(10),
    STREAM_OFFLOAD: z.enum(['none', 'nginx'], { message: 'must be none or nginx' }).default('none'),
    STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: optionalText.pipe(
      z
        .url({ message: 'must be the store URL, e.g. https://s3.eu-west-1.amazonaws.com' })
        .regex(/^https?:\/\//, 'must be the store URL, e.g. https://s3.eu-west-1.amazonaws.com')
        .optional(),
    ),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    S3_STREAM: z.enum(['proxy', 'redirect'], { message: 'must be proxy or redirect' }).default('proxy'),
    DEMO_ENABLED: booleanFlag.default(true),
    INSTANCE_NAME: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
        .optional(),
    ),
    // Instance admins (decision 0445): emails or usernames, comma-separated, any case.
    ADMIN_USERS: optionalText.transform((v) =>
      (v ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
    SIGNUP: z.enum(SIGNUP_MODES, { message: 'must be open, invite or closed' }).default('open'),
    DEMO_TTL_HOURS: z.coerce
      .number({ message: 'must be a positive number of hours' })
      .positive('must be a positive number of hours')
      .default(24),
    // GET /metrics is refused unless this is sent as a bearer token (decision 0440).
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters long (e.g. from `openssl rand -hex 24`)').optional(),
    ),
    METRICS_PORT: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a whole number between 1 and 65535' })
        .int('must be a whole number between 1 and 65535')
        .min(1, 'must be a whole number between 1 and 65535')
        .max(65535, 'must be a whole number between 1 and 65535')
        .optional(),
    ),
    // Read by the OpenTelemetry SDK itself; here only to switch tracing on (decision 0440).
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(
      z
        .url({ message: 'must be the collector URL, e.g. http://otel-collector:4318' })
        .regex(/^https?:\/\//, 'must be the collector URL, e.g. http://otel-collector:4318')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.OIDC_CLIENT_ID) !== Boolean(env.OIDC_CLIENT_SECRET)) {
      const missing = env.OIDC_CLIENT_ID ? 'OIDC_CLIENT_SECRET' : 'OIDC_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other OIDC client setting',
      });
    }
    if (env.STORAGE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with STORAGE=s3' });
      }
      // nginx serves X-Accel-Redirect from a local folder: with a bucket there is none.
      if (env.STREAM_OFFLOAD === 'nginx') {
        ctx.addIssue({
          code: 'custom',
          path: ['STREAM_OFFLOAD'],
          message: 'nginx offload serves local files; with STORAGE=s3 use S3_STREAM=redirect instead',
        });
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are served on a listener of their own',
      });
    }
  });

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
  /**
   * Bytes of finished /rest stream transcodes kept in the blob store, across instances, the least
   * recently used evicted first (decision 0400); 0 = every transcode runs ffmpeg.
   */
  transcodeCacheBytes: number;
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
   * ADMIN_USERS: who may open /admin, as lower-case emails and usernames (decision 0445); demo
   * accounts never are. Omitted: nobody.
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
    host: e.HOST,
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
    uploadRateGraceMs: e.UPLOAD_RATE_GRACE_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    transcodeCacheBytes: e.TRANSCODE_CACHE_MAX_BYTES,
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

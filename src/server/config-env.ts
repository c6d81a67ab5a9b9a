import { z } from 'zod';
import { UPLOAD_BYTES_BUDGET } from '../shared/constants';
import { ADMIN_SUBJECT_PREFIX, SIGNUP_MODES } from '../shared/schemas/admin';

// The environment's variables as a zod schema (decision 0096 and on): every setting, its default and
// the words of its error. config.ts turns the parsed values into the app's Config.

export const GOOGLE_ISSUER = 'https://accounts.google.com';

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
export const SECRET_KEYS = new Set([
  'SESSION_SECRET',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'S3_SECRET_ACCESS_KEY',
  'REDIS_URL',
  'METRICS_TOKEN',
]);

const isSubjectEntry = (entry: string) => entry.toLowerCase().startsWith(ADMIN_SUBJECT_PREFIX);

/** Whether an ADMIN_USERS entry can name anyone: a subject, an email or a username (no typo, no spaces). */
function namesSomeone(entry: string): boolean {
  if (isSubjectEntry(entry)) return /^\S+$/.test(entry.slice(ADMIN_SUBJECT_PREFIX.length));
  if (entry.includes('@')) return /^[^\s@]+@[^\s@]+$/.test(entry);
  // The characters a username may have (shared/schemas/users.ts).
  return /^[\p{L}\p{N}_.-]+$/u.test(entry);
}

function adminEntryProblem(entry: string): string {
  return (
    `"${entry}" is not an email, a username or ${ADMIN_SUBJECT_PREFIX}<OIDC subject>: entries are ` +
    'separated by commas, e.g. ADMIN_USERS=ada@example.com,ada,sub:110169484474386276334 (an email ' +
    "counts only when the sign-in provider says it is verified; name the account's subject for " +
    'providers that do not verify emails)'
  );
}

/** Emails and usernames ignore case; an OpenID Connect subject is compared as the issuer sends it. */
function normalAdminEntry(entry: string): string {
  return isSubjectEntry(entry)
    ? ADMIN_SUBJECT_PREFIX + entry.slice(ADMIN_SUBJECT_PREFIX.length)
    : entry.toLowerCase();
}

export const isPostgresUrl = (url: string | undefined) =>
  url !== undefined && /^postgres(ql)?:\/\//.test(url);

export const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535')
      .default(5000),
    // Unset: this machine only, unless NODE_ENV=production (config.ts, decision 0860).
    HOST: optionalText,
    NODE_ENV: optionalText,
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
    // auto: human lines on a terminal, JSON otherwise (decision 0861).
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
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
    UPLOAD_BYTES_PER_HOUR: z.coerce
      .number({ message: 'must be a whole number of bytes (0 = no hourly budget)' })
      .int('must be a whole number of bytes (0 = no hourly budget)')
      .min(0, 'must be a whole number of bytes (0 = no hourly budget)')
      .default(UPLOAD_BYTES_BUDGET.maxBytes),
    TRANSCODE_CACHE_MAX_BYTES: z.coerce
      .number({ message: 'must be a whole number of bytes (0 = no transcode cache)' })
      .int('must be a whole number of bytes (0 = no transcode cache)')
      .min(0, 'must be a whole number of bytes (0 = no transcode cache)')
      .default(1024 ** 3),
    // Unset: the cores, at least 2 (config.ts).
    TRANSCODE_SLOTS: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a whole number of transcodes, at least 1' })
        .int('must be a whole number of transcodes, at least 1')
        .min(1, 'must be a whole number of transcodes, at least 1')
        .max(256, 'must be at most 256')
        .optional(),
    ),
    TRANSCODE_STALL_SECONDS: z.coerce
      .number({ message: 'must be a whole number of seconds, at least 1' })
      .int('must be a whole number of seconds, at least 1')
      .min(1, 'must be a whole number of seconds, at least 1')
      .max(3600, 'must be at most 3600 (an hour)')
      .default(30),
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
    // Instance admins (decisions 0445, 0530): comma-separated emails (counted only while the issuer
    // verifies them), usernames, or sub:<OIDC subject>; any case but the subject's, which is kept.
    ADMIN_USERS: optionalText
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .superRefine((entries, ctx) => {
        for (const entry of entries.filter((e) => !namesSomeone(e))) {
          ctx.addIssue({ code: 'custom', message: adminEntryProblem(entry) });
        }
      })
      .transform((entries) => entries.map(normalAdminEntry)),
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

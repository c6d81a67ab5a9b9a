import { z } from 'zod';

const GOOGLE_ISSUER = 'https://accounts.google.com';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters long').optional()),
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
  /** Undefined until main.ts resolves it (generated once and kept under dataDir). */
  sessionSecret: string | undefined;
  oidc: OidcConfig | undefined;
  maxUploadBytes: number;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; every bad value is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        const raw = env[key];
        return `${key}${raw === undefined ? '' : ` (got "${raw}")`}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET,
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
  };
}

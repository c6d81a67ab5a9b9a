import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('runs with no environment at all: port 5000, PGlite under ./data, Google off', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      dataDir: './data',
      publicUrl: 'http://localhost:5000',
      sessionSecret: undefined,
      oidc: undefined,
      maxUploadBytes: 1024 ** 3,
    });
  });

  it('defaults the issuer to Google when a client is configured', () => {
    const config = loadConfig({ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' });
    expect(config.oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
  });

  it('listens on this machine only unless NODE_ENV=production or HOST says otherwise (decision 0860)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(loadConfig({ HOST: '  ' }).host).toBe('127.0.0.1');
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://journal.example.com/' }).publicUrl).toBe(
      'https://journal.example.com',
    );
  });

  it('names each bad value with what was given and what is expected', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'journal.example.com',
      SESSION_SECRET: 'short',
      OIDC_ISSUER: 'not a url',
      MAX_UPLOAD_BYTES: '-5',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT \(got "eighty"\): must be a whole number/),
        expect.stringMatching(/^DATABASE_URL \(value hidden\): must start with postgres:\/\//),
        expect.stringMatching(/^PUBLIC_URL \(got "journal.example.com"\): must be an absolute http\(s\) URL/),
        expect.stringMatching(/^SESSION_SECRET \(value hidden\): must be at least 32 characters/),
        expect.stringMatching(/^OIDC_ISSUER \(got "not a url"\): must be the issuer URL/),
        expect.stringMatching(/^MAX_UPLOAD_BYTES \(got "-5"\): must be a positive number of bytes/),
      ]),
    );
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT/);
  });

  it('needs the OIDC client id and secret together', () => {
    expect(problemsOf({ OIDC_CLIENT_ID: 'id' })).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_SECRET: must be set together/),
    ]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' }).oidc).toBeUndefined();
  });

  it('hardening settings have safe defaults: trust no proxy, 30 s upload idle, 25 s shutdown, 10 GiB quota, demo on for 24 h', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      uploadIdleTimeoutMs: 30_000,
      shutdownTimeoutMs: 25_000,
      storageQuotaBytes: 10 * 1024 ** 3,
      demoEnabled: true,
      demoTtlHours: 24,
    });
  });

  it('media: one worker and 10 s heartbeats by default; MEDIA_WORKERS=0 processes nothing; bad values named', () => {
    expect(loadConfig({})).toMatchObject({
      mediaWorkers: 1,
      mediaJobHeartbeatSeconds: 10,
      ffmpegPath: undefined,
    });
    expect(loadConfig({ MEDIA_WORKERS: '0', FFMPEG_PATH: '/opt/ffmpeg' })).toMatchObject({
      mediaWorkers: 0,
      ffmpegPath: '/opt/ffmpeg',
    });
    expect(problemsOf({ MEDIA_WORKERS: '-1' })[0]).toMatch(/^MEDIA_WORKERS \(got "-1"\)/);
    expect(problemsOf({ MEDIA_JOB_HEARTBEAT_SECONDS: '5' })[0]).toMatch(
      /^MEDIA_JOB_HEARTBEAT_SECONDS.*at least 10/,
    );
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'everyone please' })[0]).toMatch(
      /^TRUST_PROXY \(got "everyone please"\)/,
    );
  });

  it('RATE_LIMIT_PER_MINUTE: 1,000 by default, 0 switches limits off, nonsense refused', () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(1000);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '5000' }).rateLimitPerMinute).toBe(5000);
    expect(problemsOf({ RATE_LIMIT_PER_MINUTE: '-1' })[0]).toMatch(
      /^RATE_LIMIT_PER_MINUTE \(got "-1"\): must be a whole number of requests a minute/,
    );
  });

  it('TRACK_LIST_CACHE_MB: 64 MB by default, 0 turns the list cache off, nonsense refused', () => {
    expect(loadConfig({}).trackListCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ TRACK_LIST_CACHE_MB: '0' }).trackListCacheBytes).toBe(0);
    expect(loadConfig({ TRACK_LIST_CACHE_MB: '0.5' }).trackListCacheBytes).toBe(512 * 1024);
    for (const bad of ['-1', 'lots']) {
      expect(problemsOf({ TRACK_LIST_CACHE_MB: bad })[0]).toMatch(
        /^TRACK_LIST_CACHE_MB \(got ".+"\): must be a number of megabytes \(0 = no journal list cache\)$/,
      );
    }
  });

  it('ACCESS_CACHE_SECONDS: 10 by default, 0 switches the cache off, nonsense refused', () => {
    expect(loadConfig({}).accessCacheSeconds).toBe(10);
    expect(loadConfig({ ACCESS_CACHE_SECONDS: '0' }).accessCacheSeconds).toBe(0);
    expect(problemsOf({ ACCESS_CACHE_SECONDS: '1.5' })[0]).toMatch(
      /^ACCESS_CACHE_SECONDS \(got "1.5"\): must be a whole number of seconds/,
    );
    expect(problemsOf({ ACCESS_CACHE_SECONDS: '301' })[0]).toMatch(/at most 300 seconds/);
  });

  it('STREAM_OFFLOAD: none by default, or nginx', () => {
    expect(loadConfig({}).streamOffload).toBe('none');
    expect(loadConfig({ STREAM_OFFLOAD: 'nginx' }).streamOffload).toBe('nginx');
    expect(problemsOf({ STREAM_OFFLOAD: 'apache' })[0]).toMatch(
      /^STREAM_OFFLOAD \(got "apache"\): must be none or nginx/,
    );
  });

  it('INSTANCE_NAME: unset by default, a short name, anything else refused', () => {
    expect(loadConfig({}).instanceName).toBeUndefined();
    expect(loadConfig({ INSTANCE_NAME: ' ' }).instanceName).toBeUndefined();
    expect(loadConfig({ INSTANCE_NAME: 'web-2.eu' }).instanceName).toBe('web-2.eu');
    expect(problemsOf({ INSTANCE_NAME: 'web 2' })[0]).toMatch(
      /^INSTANCE_NAME \(got "web 2"\): must be 1 to 64 letters, digits/,
    );
    expect(problemsOf({ INSTANCE_NAME: 'a'.repeat(65) })[0]).toMatch(/^INSTANCE_NAME/);
  });

  it('ADMIN_USERS: emails and usernames ignore case, a sub: subject keeps its own; an entry naming nobody is refused', () => {
    expect(loadConfig({}).adminUsers).toEqual([]);
    expect(
      loadConfig({
        ADMIN_USERS: ' Boss@Example.com, Deputy ,SUB:Keycloak|Admin-42,, sub:110169484474386276334',
      }).adminUsers,
    ).toEqual(['boss@example.com', 'deputy', 'sub:Keycloak|Admin-42', 'sub:110169484474386276334']);
    // Spaces instead of commas, a subject left out, a typo for sub: — each would silently name nobody.
    const problems = problemsOf({ ADMIN_USERS: 'boss@example.com deputy,sub:,google:1234' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^ADMIN_USERS \(got ".*"\): "boss@example.com deputy" is not an email, a username or sub:<OIDC subject>: entries are separated by commas/,
    );
    expect(problems[1]).toContain('"sub:" is not an email');
    expect(problems[2]).toContain('"google:1234" is not an email');
    expect(problems[0]).toContain('an email counts only when the sign-in provider says it is verified');
  });

  it('uploads: 8 KiB a second on average after 30 s by default; 0 = no minimum; nonsense refused', () => {
    expect(loadConfig({})).toMatchObject({ uploadMinBytesPerSecond: 8192, uploadRateGraceMs: 30_000 });
    expect(loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: '0', UPLOAD_RATE_GRACE_SECONDS: '5' })).toMatchObject({
      uploadMinBytesPerSecond: 0,
      uploadRateGraceMs: 5000,
    });
    expect(problemsOf({ UPLOAD_MIN_BYTES_PER_SECOND: '-1', UPLOAD_RATE_GRACE_SECONDS: '0' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^UPLOAD_MIN_BYTES_PER_SECOND \(got "-1"\): must be a whole number of bytes a second/,
        ),
        expect.stringMatching(
          /^UPLOAD_RATE_GRACE_SECONDS \(got "0"\): must be a whole number of seconds, at least 1/,
        ),
      ]),
    );
    expect(problemsOf({ UPLOAD_MIN_BYTES_PER_SECOND: 'fast' })[0]).toMatch(/^UPLOAD_MIN_BYTES_PER_SECOND/);
    expect(problemsOf({ UPLOAD_RATE_GRACE_SECONDS: '1.5' })[0]).toMatch(/^UPLOAD_RATE_GRACE_SECONDS/);
  });

  it('reads the quota (0 = unlimited), demo switch and timeouts, refusing nonsense', () => {
    expect(loadConfig({ STORAGE_QUOTA_BYTES: '0', DEMO_ENABLED: 'false' })).toMatchObject({
      storageQuotaBytes: 0,
      demoEnabled: false,
    });
    const problems = problemsOf({
      STORAGE_QUOTA_BYTES: '-1',
      DEMO_ENABLED: 'maybe',
      UPLOAD_IDLE_TIMEOUT_MS: '0',
      DEMO_TTL_HOURS: 'soon',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^STORAGE_QUOTA_BYTES/),
        expect.stringMatching(/^DEMO_ENABLED \(got "maybe"\): must be true or false/),
        expect.stringMatching(/^UPLOAD_IDLE_TIMEOUT_MS/),
        expect.stringMatching(/^DEMO_TTL_HOURS/),
      ]),
    );
  });

  it('reads the upload bytes an hour: 5 GiB by default, 0 = no budget, a fraction or a negative refused', () => {
    expect(loadConfig({}).uploadBytesPerHour).toBe(5 * 1024 ** 3);
    expect(loadConfig({ UPLOAD_BYTES_PER_HOUR: '0' }).uploadBytesPerHour).toBe(0);
    expect(problemsOf({ UPLOAD_BYTES_PER_HOUR: '-1' })[0]).toMatch(/^UPLOAD_BYTES_PER_HOUR/);
    expect(problemsOf({ UPLOAD_BYTES_PER_HOUR: '1.5' })[0]).toMatch(/^UPLOAD_BYTES_PER_HOUR/);
  });

  it('reads the transcode cache cap: 1 GiB by default, 0 = none, a fraction or a negative refused', () => {
    expect(loadConfig({}).transcodeCacheBytes).toBe(1024 ** 3);
    expect(loadConfig({ TRANSCODE_CACHE_MAX_BYTES: '0' }).transcodeCacheBytes).toBe(0);
    for (const bad of ['-1', '1.5', 'lots']) {
      expect(problemsOf({ TRANSCODE_CACHE_MAX_BYTES: bad })).toEqual([
        expect.stringMatching(/^TRANSCODE_CACHE_MAX_BYTES \(got .*\): must be a whole number of bytes/),
      ]);
    }
  });

  it('reads the transcode slots and stall timeout: the cores (at least 2) and exactly 30 s by default', () => {
    const defaults = loadConfig({});
    expect(defaults.transcodeSlots).toBe(Math.max(2, availableParallelism()));
    expect(defaults.transcodeStallMs).toBe(30_000);
    const set = loadConfig({ TRANSCODE_SLOTS: '1', TRANSCODE_STALL_SECONDS: '5' });
    expect([set.transcodeSlots, set.transcodeStallMs]).toEqual([1, 5000]);
    expect(loadConfig({ TRANSCODE_SLOTS: '' }).transcodeSlots).toBe(defaults.transcodeSlots);
    for (const bad of ['0', '1.5', 'lots']) {
      expect(problemsOf({ TRANSCODE_SLOTS: bad, TRANSCODE_STALL_SECONDS: bad })).toEqual([
        expect.stringMatching(
          /^TRANSCODE_SLOTS \(got .*\): must be a whole number of transcodes, at least 1/,
        ),
        expect.stringMatching(
          /^TRANSCODE_STALL_SECONDS \(got .*\): must be a whole number of seconds, at least 1/,
        ),
      ]);
    }
  });

  it('never prints a secret setting in a configuration error', () => {
    const secret = 'hunter2-is-not-long-enough';
    const dbUrl = 'mysql://admin:s3cr3t-password@db.example.com/journal';
    const problems = problemsOf({ SESSION_SECRET: secret, DATABASE_URL: dbUrl });
    expect(problems).toHaveLength(2);
    const text = problems.join('\n');
    expect(text).toContain('SESSION_SECRET (value hidden): must be at least 32 characters');
    expect(text).toContain('DATABASE_URL (value hidden): must start with postgres://');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('s3cr3t-password');
  });

  it('stores files on local disk unless STORAGE=s3 says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ storage: 'local', s3: undefined, s3Stream: 'proxy' });
    const config = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'journal',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_STREAM: 'redirect',
    });
    expect(config).toMatchObject({
      storage: 's3',
      s3Stream: 'redirect',
      s3: {
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'journal',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'i', S3_SECRET_ACCESS_KEY: 's' }).s3,
    ).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it('STORAGE=s3 without its bucket and credentials names every missing setting at start-up', () => {
    expect(problemsOf({ STORAGE: 's3' })).toEqual([
      'S3_BUCKET: is required with STORAGE=s3',
      'S3_ACCESS_KEY_ID: is required with STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: is required with STORAGE=s3',
    ]);
    expect(problemsOf({ STORAGE: 'cloud', S3_STREAM: 'fast', S3_ENDPOINT: 'minio:9000' })).toEqual(
      expect.arrayContaining([
        'STORAGE (got "cloud"): must be local or s3',
        'S3_STREAM (got "fast"): must be proxy or redirect',
        expect.stringMatching(/^S3_ENDPOINT \(got "minio:9000"\): must be the store URL/),
      ]),
    );
  });

  it('refuses nginx offload with a bucket (there is no local folder for nginx)', () => {
    const problems = problemsOf({
      STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret',
      STREAM_OFFLOAD: 'nginx',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^STREAM_OFFLOAD \(got "nginx"\): nginx offload serves local files/),
    ]);
    expect(problems.join('\n')).not.toContain('wJalrXUtnFEMI');
  });

  describe('several instances (decisions 0096-0098)', () => {
    const PG = 'postgres://journal@db.internal:5432/journal';
    const A = 'a'.repeat(32);
    const B = 'b'.repeat(40);

    it('requires SESSION_SECRET with PostgreSQL, not with PGlite, nor for migrating only', () => {
      expect(problemsOf({ DATABASE_URL: PG })).toEqual([
        expect.stringMatching(/^SESSION_SECRET: is required with PostgreSQL/),
      ]);
      expect(problemsOf({ DATABASE_URL: PG, SESSION_SECRET: '  ' })).toHaveLength(1);
      expect(loadConfig({ DATABASE_URL: PG, SESSION_SECRET: A }).sessionSecret).toBe(A);
      expect(loadConfig({}).sessionSecret).toBeUndefined();
      expect(loadConfig({ DATABASE_URL: PG }, { serving: false }).databaseUrl).toBe(PG);
      // Named along with any other problem, in one error.
      expect(problemsOf({ DATABASE_URL: PG, PORT: 'x' })).toHaveLength(2);
    });

    it('takes a comma-separated SESSION_SECRET: the first signs, the others only verify', () => {
      const config = loadConfig({ SESSION_SECRET: ` ${B} , ${A}` });
      expect(config.sessionSecret).toBe(B);
      expect(config.previousSessionSecrets).toEqual([A]);
      expect(loadConfig({ SESSION_SECRET: A }).previousSessionSecrets).toEqual([]);
      const problems = problemsOf({ SESSION_SECRET: `${A},short` });
      expect(problems).toEqual([
        expect.stringMatching(/^SESSION_SECRET \(value hidden\): must be at least 32/),
      ]);
      expect(problems.join()).not.toContain(A);
    });

    it('reads MIGRATE_ON_START (default on) and REDIS_URL (hidden in errors)', () => {
      expect(loadConfig({}).migrateOnStart).toBe(true);
      expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
      expect(problemsOf({ MIGRATE_ON_START: 'later' })).toEqual([
        expect.stringMatching(/^MIGRATE_ON_START \(got "later"\): must be true or false/),
      ]);
      expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
      expect(loadConfig({}).redisUrl).toBeUndefined();
      expect(problemsOf({ REDIS_URL: 'http://user:pw@cache' })).toEqual([
        'REDIS_URL (value hidden): must start with redis:// or rediss://',
      ]);
    });
  });
});

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
        expect.stringMatching(/^DATABASE_URL \(got "mysql:\/\/x"\): must start with postgres:\/\//),
        expect.stringMatching(/^PUBLIC_URL \(got "journal.example.com"\): must be an absolute http\(s\) URL/),
        expect.stringMatching(/^SESSION_SECRET \(got "short"\): must be at least 32 characters/),
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
});

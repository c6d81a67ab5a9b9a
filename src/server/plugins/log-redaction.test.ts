import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-test-app';
import { type LocalOidcProvider, startOidcProvider } from '../../test/oidc-provider';
import { SIGN_IN_BINDING_COOKIE } from '../features/auth/sign-in-handoff';
import { logSerializers, REDACTED, redactUrl } from './log-redaction';

/** Everything the app logs, as text. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/?auth=success&handoff=abc123')).toBe(`/?auth=success&handoff=${REDACTED}`);
    expect(redactUrl('/api/auth/callback?code=c0de&state=st4te&iss=x')).toBe(
      `/api/auth/callback?code=${REDACTED}&state=${REDACTED}&iss=x`,
    );
    expect(redactUrl('/x?Hand%6Fff=abc')).toBe(`/x?Hand%6Fff=${REDACTED}`);
    expect(redactUrl('/api/tracks?sort=dateCreated')).toBe('/api/tracks?sort=dateCreated');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

describe('what a sign-in leaves in the log', () => {
  let provider: LocalOidcProvider;
  let t: TestApp;
  const log = logCapture();

  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await buildTestApp({
      logStream: log.stream,
      config: {
        oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  it('logs the requests, but never the hand-off token, the authorization code or the state', async () => {
    const browser = t.client();
    const started = await browser.get('/api/supabase/auth');
    const answer = await fetch(started.headers.location as string, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location') as string);
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    const done = await browser.get(callback.pathname + callback.search);
    const landing = new URL(done.headers.location as string, TEST_PUBLIC_URL);
    const handoff = landing.searchParams.get('handoff')!;
    expect(handoff).toBeTruthy();
    // The browser lands on /?auth=success&handoff=… and its client finishes through manual-session.
    await browser.get(landing.pathname + landing.search);
    const binding = browser.cookies.get(SIGN_IN_BINDING_COOKIE)!;
    const sessionLost = t.client();
    sessionLost.cookies.set(SIGN_IN_BINDING_COOKIE, binding);
    expect((await sessionLost.post('/api/auth/manual-session', { handoff })).statusCode).toBe(200);

    const text = log.text();
    expect(text).toContain('/api/auth/callback?');
    expect(text).toContain(`handoff=${REDACTED}`);
    for (const secret of [handoff, code, state, binding]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('errors from failed queries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('keep the statement but not its parameter values', async () => {
    const secret = 'session-id-that-must-not-be-logged';
    // A session lookup that fails (here: division by zero) lists the session id among its values.
    const err = await t.db.execute(sql`select 1 from sessions where sid = ${secret} and 1 / 0 = 1`).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toContain(secret); // drizzle puts the values in its message…
    const serialized = JSON.stringify(logSerializers.err(err!));
    expect(serialized).toContain('where sid = $1'); // …the log keeps the statement…
    expect(serialized).not.toContain(secret); // …and drops the values.
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../../../package.json';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { subsonicClient } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { SUBSONIC_NAMESPACE } from './subsonic-response';

let t: TestApp;
let listener: TestClient & { userId: string };
let apiKey: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ logStream: { write: (line) => void logLines.push(line) } });
  listener = await t.signedInClient({ username: 'listener', email: 'listener@example.com' });
  apiKey = (await listener.post('/api/user/api-keys', { name: 'Feishin' })).json().key;
  await t.signedInClient({ username: 'neighbour' });
});
afterAll(async () => t.close());

const ENVELOPE = {
  status: 'ok',
  version: '1.16.1',
  type: 'journal',
  serverVersion: version,
  openSubsonic: 'true',
};

describe('/rest envelope (decision 0385)', () => {
  it('answers XML by default: well-formed, in the Subsonic namespace, with the OpenSubsonic attributes', async () => {
    for (const path of ['/rest/ping', '/rest/ping.view']) {
      const res = await t.app.inject({ url: `${path}?apiKey=${apiKey}&v=1.16.1&c=test` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      const root = parseXml(res.body);
      expect(root).toMatchObject({ name: 'subsonic-response', uri: SUBSONIC_NAMESPACE, children: [] });
      expect(root.attributes).toEqual(ENVELOPE);
    }
  });

  it('answers errors in XML with their code, over HTTP 200', async () => {
    const res = await t.app.inject({ url: '/rest/ping.view?apiKey=nope' });
    expect(res.statusCode).toBe(200);
    const root = parseXml(res.body);
    expect(root.attributes.status).toBe('failed');
    expect(root.children).toEqual([
      expect.objectContaining({
        name: 'error',
        uri: SUBSONIC_NAMESPACE,
        attributes: { code: '44', message: 'Invalid API key' },
      }),
    ]);
  });

  it('answers JSON with f=json: one subsonic-response object', async () => {
    const res = await t.app.inject({ url: `/rest/getLicense.view?f=json&apiKey=${apiKey}` });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      'subsonic-response': { ...ENVELOPE, openSubsonic: true, license: { valid: true } },
    });
    const failed = await t.app.inject({ url: '/rest/getLicense.view?f=json' });
    expect(failed.json()['subsonic-response']).toMatchObject({
      status: 'failed',
      error: { code: 10, message: 'Required parameter is missing: u' },
    });
  });

  it('takes form POSTs (formPost) without a CSRF token, even beside a session cookie', async () => {
    const res = await listener.request('POST', '/rest/getUser.view', {
      body: `f=json&apiKey=${apiKey}&username=listener`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()['subsonic-response'].user.username).toBe('listener');
    // The cookie alone signs nobody in to /rest; and /api changes still need the token.
    const cookieOnly = await listener.request('POST', '/rest/ping.view', {
      body: 'f=json',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(cookieOnly.json()['subsonic-response'].error.code).toBe(10);
    expect(
      (await listener.request('POST', '/api/user/api-keys', { body: { name: 'x' }, csrf: false })).statusCode,
    ).toBe(403);
  });

  it('lets players on other origins read replies (no credentials), and answers their preflight', async () => {
    const res = await t.app.inject({
      url: `/rest/ping.view?apiKey=${apiKey}`,
      headers: { origin: 'https://player.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/rest/ping.view',
      headers: {
        origin: 'https://player.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'Content-Type',
    });
    // The rest of the app stays same-origin.
    const api = await t.app.inject({ url: '/api/health', headers: { origin: 'https://player.example' } });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown method HTTP 200 with a failed envelope (a 404 reads as "not a Subsonic server")', async () => {
    const json = await t.app.inject({ url: `/rest/noSuchThing.view?f=json&apiKey=${apiKey}` });
    expect(json.statusCode).toBe(200);
    expect(json.json()['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0 } });
    const xml = await t.app.inject({ url: `/rest/noSuchThing?apiKey=${apiKey}` });
    expect(xml.statusCode).toBe(200);
    expect(parseXml(xml.body)).toMatchObject({
      attributes: { status: 'failed' },
      children: [{ name: 'error' }],
    });
  });

  it('answers JSONP: the JSON reply wrapped in a call of `callback`, errors too', async () => {
    const res = await t.app.inject({ url: `/rest/ping.view?f=jsonp&callback=app.done_1&apiKey=${apiKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const called: unknown[] = [];
    new Function('app', res.body)({ done_1: (reply: unknown) => called.push(reply) });
    expect(called).toEqual([
      { 'subsonic-response': expect.objectContaining({ status: 'ok', type: 'journal' }) },
    ]);
    const failed = await t.app.inject({
      url: `/rest/getSong?f=jsonp&callback=cb&id=999999&apiKey=${apiKey}`,
    });
    expect(failed.body).toMatch(/^cb\(\{"subsonic-response":\{"status":"failed".*"code":70.*\}\);$/);
  });

  it('JSONP without a callback, or with one that is not a plain function name, is refused in JSON', async () => {
    const missing = await t.app.inject({ url: `/rest/ping?f=jsonp&apiKey=${apiKey}` });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()['subsonic-response'].error.code).toBe(10);
    for (const callback of ['alert(1)//', '<script>', 'a..b', '1abc', 'x'.repeat(200)]) {
      const res = await t.app.inject({
        url: `/rest/ping?f=jsonp&callback=${encodeURIComponent(callback)}&apiKey=${apiKey}`,
      });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()['subsonic-response'].error.code).toBe(0);
      expect(res.body).not.toContain(callback);
    }
  });
});

describe('/rest system methods through the subsonic-api client', () => {
  it('ping, getLicense, getOpenSubsonicExtensions, getMusicFolders', async () => {
    const api = subsonicClient(t.app, { apiKey });
    expect(await api.ping()).toMatchObject({ status: 'ok', openSubsonic: true, serverVersion: version });
    expect((await api.getLicense()).license).toEqual({ valid: true });
    expect((await api.getOpenSubsonicExtensions()).openSubsonicExtensions).toEqual([
      { name: 'apiKeyAuthentication', versions: [1] },
      { name: 'formPost', versions: [1] },
      { name: 'indexBasedQueue', versions: [1] },
      { name: 'songLyrics', versions: [1] },
      { name: 'transcodeOffset', versions: [1] },
    ]);
    expect((await api.getMusicFolders()).musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Journal' }] });
  });

  it('getUser: oneself (any case), never anyone else (50); no username is 10', async () => {
    const api = subsonicClient(t.app, { apiKey });
    const { user } = await api.getUser({ username: 'LISTENER' });
    expect(user).toMatchObject({
      username: 'listener',
      email: 'listener@example.com',
      streamRole: true,
      adminRole: false,
      folder: [1],
    });
    for (const username of ['neighbour', 'nobody']) {
      const res = (await api.getUser({ username })) as unknown as { status: string; error: { code: number } };
      expect(res).toMatchObject({ status: 'failed', error: { code: 50 } });
    }
    const res = await t.app.inject({ url: `/rest/getUser?f=json&apiKey=${apiKey}` });
    expect(res.json()['subsonic-response'].error.code).toBe(10);
  });

  it('getUser in XML: the user element with its folder', async () => {
    const res = await t.app.inject({ url: `/rest/getUser?apiKey=${apiKey}&username=listener` });
    const [user] = parseXml(res.body).children;
    expect(user).toMatchObject({
      name: 'user',
      attributes: expect.objectContaining({ username: 'listener', streamRole: 'true' }),
    });
    expect(user!.children).toEqual([expect.objectContaining({ name: 'folder', text: '1' })]);
  });
});

describe('/rest never logs a secret', () => {
  it('redacts apiKey, p, t and s in request logs', async () => {
    logLines.length = 0;
    await t.app.inject({ url: `/rest/ping.view?u=listener&p=plain-secret-value&c=x` });
    await t.app.inject({ url: `/rest/ping.view?u=listener&t=0123456789abcdef0123456789abcdef&s=saltysalt` });
    await t.app.inject({ url: `/rest/ping.view?apiKey=${apiKey}` });
    const logged = logLines.join('\n');
    expect(logged).toContain('/rest/ping.view?u=listener&p=[redacted]&c=x');
    for (const secret of ['plain-secret-value', '0123456789abcdef0123456789abcdef', 'saltysalt', apiKey]) {
      expect(logged).not.toContain(secret);
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_USER_ELEMENT_ID } from '../../../shared/constants';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { withSessionUser } from './session-in-page';

/**
 * The signed-in user in the app's page (decision 0380): the first screen draws without asking
 * GET /api/auth/user first. Only the page of the person's own session carries it, never a
 * signed-out visitor's, and shared caches never keep it.
 */
let t: TestApp;
let clientDir: string;
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Journal</title></head><body><div id="root"></div></body></html>';

const userInPage = (html: string) => {
  const found = new RegExp(
    `<script type="application/json" id="${SESSION_USER_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return found ? JSON.parse(found[1] ?? 'null') : undefined;
};

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-session-page-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the signed-in user in the page (decision 0380)', () => {
  it('writes GET /api/auth/user’s answer into the journal’s page, private to the browser', async () => {
    const person = await t.signedInClient({ firstName: 'Ada', lastName: 'Lovelace' });
    const expected = (await person.get('/api/auth/user')).json();
    for (const url of ['/', '/playlists/12', '/search?q=x']) {
      const res = await person.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(userInPage(res.body), url).toEqual(expected);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('sends a signed-out visitor the plain page', async () => {
    const res = await t.client().get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(userInPage(res.body)).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('stops writing the user once the session is signed out', async () => {
    const person = await t.signedInClient();
    expect(userInPage((await person.get('/')).body)).toBeDefined();
    expect((await person.post('/api/auth/logout')).statusCode).toBe(200);
    expect(userInPage((await person.get('/')).body)).toBeUndefined();
  });

  it('compresses the page it writes', async () => {
    const person = await t.signedInClient();
    const res = await person.request('GET', '/', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(userInPage(brotliDecompressSync(res.rawPayload).toString())).toBeDefined();
  });

  it("writes a name or a bio holding $& or $' as it is (no replacement patterns)", async () => {
    const person = await t.signedInClient({ firstName: 'Cash $& Carry', lastName: "$' and $`" });
    const res = await person.get('/');
    const user = userInPage(res.body);
    expect(user.firstName).toBe('Cash $& Carry');
    expect(user.lastName).toBe("$' and $`");
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
  });

  it('escapes < so no text of the user can end the element', () => {
    const html = withSessionUser(INDEX_HTML, {
      id: 'u1',
      username: '</script><script>alert(1)</script>',
    } as never);
    expect(html).not.toContain('</script><script>');
    expect(userInPage(html).username).toBe('</script><script>alert(1)</script>');
  });
});

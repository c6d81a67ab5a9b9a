import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportArchive } from '../../../test/import-archives';
import { filesUnder, importAndWait, postImport } from '../../../test/imports';
import { makeWav } from '../../../test/media-fixtures';
import { filePartHead, multipartHead, RawHttpRequest, type RawResponse } from '../../../test/raw-http';
import { imports } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';
import { IMPORT_BUSY_MESSAGE } from './imports.service';

// Issue 41, item 4: "two imports could overlap". The person's one import slot is claimed before a
// byte of the body is read, so a second request at once is a 409 that never takes its body in.

const MiB = 1024 * 1024;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 90_000);
afterAll(() => t?.close());

async function rawAuth(client: TestClient) {
  return {
    cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`,
    csrfToken: await client.fetchCsrfToken(),
  };
}

/** Polls until `check` holds; a condition that never comes fails the test rather than hanging it. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const answerOrNothing = (request: RawHttpRequest, ms: number) =>
  Promise.race([request.response, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))]);

const uploadTempFiles = () =>
  filesUnder(path.join(t.dataDir, 'tmp')).filter((f) => path.basename(f).startsWith('upload-'));

describe('one import per person at a time', () => {
  it('a second import while the first archive is still arriving: 409 before its body is read; the slot comes back when the first ends', async () => {
    const ada = await t.signedInClient();
    const auth = await rawAuth(ada);
    const zip = await exportArchive([{ file: 'tracks/1/take.wav', data: makeWav(1) }]);
    // The first archive: its head and half its bytes, then the client goes quiet.
    const first = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/user/import', boundary: 'first', ...auth, length: 8 * MiB }),
    );
    await first.write(filePartHead('first', 'file', 'export.zip', 'application/zip'));
    await first.write(zip.subarray(0, zip.length / 2));
    await until('the first body to be read', () => uploadTempFiles().length === 1);

    const second = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/user/import', boundary: 'second', ...auth, length: 8 * MiB }),
    );
    const res = await answerOrNothing(second, 10_000);
    expect(res).not.toBe('no answer');
    // Answered with not one byte of its body sent: it was never going to be read.
    expect(second.bytesSent).toBe(0);
    expect((res as RawResponse).status).toBe(409);
    expect(JSON.parse((res as RawResponse).body).message).toBe(IMPORT_BUSY_MESSAGE);
    await second.closed;
    // Still one body arriving, and nothing listed: a claim is not an import yet.
    expect(uploadTempFiles()).toHaveLength(1);
    expect((await ada.get('/api/user/imports')).json()).toEqual([]);

    // The first client goes away: its claim is given back and the next archive is taken.
    first.destroy();
    await until('the claim to be given back', async () => (await t.db.select().from(imports)).length === 0);
    const done = await importAndWait(ada, zip);
    expect(done).toMatchObject({ state: 'done', created: { tracks: 1 } });
  }, 60_000);

  it('an archive refused after its claim gives the slot back at once', async () => {
    const bea = await t.signedInClient();
    const res = await postImport(bea, Buffer.from('not a zip at all'));
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(imports).where(eq(imports.userId, bea.userId))).toEqual([]);
  });

  it('a claim left by a process that ended mid-upload is removed when an instance starts', async () => {
    const cid = await t.signedInClient();
    // What a crash while receiving leaves: the claim, no archive key.
    await t.db.insert(imports).values({ userId: cid.userId, fileName: '', blobKey: null });
    expect((await postImport(cid, Buffer.from('x'))).statusCode).toBe(409);
    const next = await buildTestApp({ sharedDatabase: t.database, dataDir: t.dataDir });
    try {
      expect(await t.db.select().from(imports).where(eq(imports.userId, cid.userId))).toEqual([]);
    } finally {
      await next.close();
    }
    const done = await importAndWait(
      cid,
      await exportArchive([{ file: 'tracks/1/take.wav', data: makeWav(2) }]),
    );
    expect(done.state).toBe('done');
  }, 60_000);
});

import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { RawHttpRequest } from '../../../test/raw-http';
import { takeRow } from '../../../test/take-rows';
import { tracks } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';
import { REUSED_BODY_MIN_BYTES } from './track-list.memory';
import { ownTracksJson } from './track-list.query';

// Decision 0914 over a real socket. A journal list is sent from memory that a later list may be
// written into once nobody reads it, so a reply still going out (a slow reader) must keep it, and a
// reply cut off must give it back. Through app.inject the socket is never slow nor cut: here it is.
// The list is ~4 MB: a client that stops reading leaves part of it in the server's write queue for
// a while (loopback's buffers take ~4 MB). Node emits 'finish' as well as 'close' for a reply cut
// off (checked on Node 20.20), so the second test holds whichever of the two the release follows.

let t: TestApp;
let alice: TestClient & { userId: string };
let port: number;
let ids: number[];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  alice = await t.signedInClient();
  await t.db
    .insert(tracks)
    .values(
      Array.from({ length: 1500 }, (_, i) =>
        takeRow(alice.userId, i, { notes: `Notes of take ${i}: ${'la '.repeat(700)}` }),
      ),
    );
  const res = await alice.get('/api/tracks');
  ids = res.json<{ id: number }[]>().map((track) => track.id);
});
afterAll(async () => t.close());

/**
 * GET /api/tracks on a socket of its own, uncompressed, as alice, that stops reading after the
 * first bytes: the rest of the list waits in the server's write queue, not in the kernel's buffers.
 */
function pausedList() {
  const request = new RawHttpRequest(
    port,
    [
      'GET /api/tracks HTTP/1.1',
      'Host: 127.0.0.1',
      `Cookie: ${SESSION_COOKIE}=${alice.cookies.get(SESSION_COOKIE)}`,
      '',
      '',
    ].join('\r\n'),
  );
  request.socket.once('data', () => request.socket.pause());
  return request;
}

/** An edit of one take's notes, then the list through inject: the database's list each time. */
async function editAndList(index: number, notes: string) {
  const res = await alice.patch(`/api/tracks/${ids[index]}`, { notes });
  expect(res.statusCode).toBe(200);
  const list = await alice.get('/api/tracks');
  expect(list.statusCode).toBe(200);
  expect(list.body).toBe(await ownTracksJson(t.db, alice.userId, 'dateUploaded'));
}

it('sends a slow reader the list it asked for, while later lists are made and sent', async () => {
  const before = await ownTracksJson(t.db, alice.userId, 'dateUploaded');
  expect(Buffer.byteLength(before)).toBeGreaterThan(3_500_000);
  const slow = pausedList();
  const head = await slow.head;
  expect(head.status).toBe(200);
  expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(before));
  // Two changes: the second list is written into the memory the first one gave back, which
  // would be the slow reply's if it were given back before that reply is out.
  for (let edit = 0; edit < 2; edit++) await editAndList(edit * 11, `Edit ${edit}: ${'da '.repeat(690)}`);
  slow.socket.resume();
  const res = await slow.response;
  expect(res.body.length).toBe(before.length);
  expect(res.body === before, 'the slow reader gets the list of its own time, unchanged').toBe(true);
  slow.destroy();
});

it('takes back the memory of a reply cut off mid-way, and lists stay right after it', async () => {
  await editAndList(3, 'A first edit: its list is the one cut off below.');
  const cut = pausedList();
  await cut.head;
  // Long enough for the server to fill what the sockets take; its reply is still unfinished.
  await new Promise((resolve) => setTimeout(resolve, 100));
  cut.destroy();
  await cut.closed;
  const fresh = vi.spyOn(Buffer, 'allocUnsafeSlow');
  try {
    for (let edit = 0; edit < 4; edit++)
      await editAndList(5 + edit * 13, `Cut ${edit}: ${'do '.repeat(700)}`);
    const big = fresh.mock.calls.filter(([size]) => size >= REUSED_BODY_MIN_BYTES);
    expect(big, 'the cut-off reply gave its memory back: no fresh memory for the lists').toEqual([]);
  } finally {
    fresh.mockRestore();
  }
});

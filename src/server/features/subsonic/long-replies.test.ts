import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { RawHttpRequest } from '../../../test/raw-http';
import { subsonicClient, syncPage, uploadNamedTrack } from '../../../test/subsonic-client';
import { asksForLongList, CALLER_LEFT, LongReplyLine, longReplies } from './long-replies';
import { SubsonicParams } from './subsonic-params';

const paramsOf = (query: string) => new SubsonicParams({ url: `/rest/search3?${query}` } as FastifyRequest);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('asksForLongList (decision 0947)', () => {
  it('is a list size over a hundred items, by any of the parameters that size one', () => {
    for (const name of ['songCount', 'albumCount', 'artistCount', 'size', 'count'])
      expect(asksForLongList(paramsOf(`${name}=101`)), name).toBe(true);
    expect(asksForLongList(paramsOf('query=&songCount=500&artistCount=0&albumCount=0'))).toBe(true);
    expect(asksForLongList(paramsOf('songCount=100&size=20&count=0'))).toBe(false);
    expect(asksForLongList(paramsOf('songOffset=5000&query=long'))).toBe(false);
    // Not a number: the method refuses it, and it asks for nothing long.
    expect(asksForLongList(paramsOf('songCount=lots&size=-500'))).toBe(false);
  });
});

describe('LongReplyLine (decision 0947)', () => {
  it('lets one maker at a time, in the order asked', async () => {
    const line = new LongReplyLine();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const make = (name: string) =>
      line.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(`${name} starts`);
        await tick();
        order.push(`${name} ends`);
        running -= 1;
        return name;
      });
    expect(await Promise.all([make('a'), make('b'), make('c')])).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('hands the line to the next in it: one asking as it is released does not slip in first', async () => {
    const line = new LongReplyLine();
    const release = await line.take();
    const second = line.take();
    release();
    release(); // a second release of the same turn changes nothing
    let thirdIn = false;
    const third = line.take().then((r) => {
      thirdIn = true;
      return r;
    });
    const releaseSecond = await second;
    await tick();
    expect(thirdIn).toBe(false);
    releaseSecond();
    (await third)();
    expect(line.waiting).toBe(0);
  });

  it('moves on when a maker fails', async () => {
    const line = new LongReplyLine();
    const failed = line.run(async () => {
      throw new Error('no');
    });
    await expect(failed).rejects.toThrow('no');
    expect(await line.run(async () => 'next')).toBe('next');
  });

  it('skips a caller who left while waiting: its maker never runs, and the next one goes on (decision 0948)', async () => {
    const line = new LongReplyLine();
    const release = await line.take();
    let here = true;
    let madeForTheLeaver = false;
    const leaver = line.run(
      async () => {
        madeForTheLeaver = true;
        return 'page';
      },
      () => here,
    );
    const next = line.run(
      async () => 'next',
      () => true,
    );
    here = false;
    release();
    expect(await leaver).toBe(CALLER_LEFT);
    expect(madeForTheLeaver).toBe(false);
    expect(await next).toBe('next');
    expect(line.skipped).toBe(1);
  });

  it('lets the next maker start once one has held the line past its hold (decision 0948)', async () => {
    const line = new LongReplyLine(30);
    const hung = line.run(() => new Promise<string>(() => {}));
    const started = Date.now();
    expect(await line.run(async () => 'next')).toBe('next');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    // The hung maker's caller still waits for it: only the line moved on.
    expect(await Promise.race([hung, tick().then(() => 'still waiting')])).toBe('still waiting');
  });
});

describe('long Subsonic replies on the line (decision 0947)', () => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const me = await t.signedInClient({ username: 'longreplies' });
    apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
    await uploadNamedTrack(me, 'Only take');
  });
  afterAll(async () => t.close());

  it('makes a sync page of 500 once the line is free; a page of 20 does not wait for it', async () => {
    const api = () => subsonicClient(t.app, { apiKey });
    const release = await longReplies.take();
    let longDone = false;
    const long = syncPage(api(), 0, 500).then((page) => {
      longDone = true;
      return page;
    });
    try {
      const short = await syncPage(api(), 0, 20);
      expect(short.song?.map((s) => s.title)).toEqual(['Only take']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(longDone).toBe(false);
      expect(longReplies.waiting).toBe(1);
    } finally {
      release();
    }
    expect((await long).song?.map((s) => s.title)).toEqual(['Only take']);
  });

  it('makes no page for a player that hung up while it waited in line (decision 0948)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const path = `/rest/search3.view?query=&songCount=500&artistCount=0&albumCount=0&f=json&v=1.16.1&c=test&apiKey=${apiKey}`;
    const skippedBefore = longReplies.skipped;
    const release = await longReplies.take();
    try {
      const leaving = new RawHttpRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const deadline = Date.now() + 10_000;
      while (longReplies.waiting === 0 && Date.now() < deadline) await tick();
      expect(longReplies.waiting).toBe(1);
      leaving.socket.destroy();
      await leaving.closed;
      // The server sees the close on its side of the socket.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      release();
    }
    const deadline = Date.now() + 10_000;
    while (longReplies.skipped === skippedBefore && Date.now() < deadline) await tick();
    expect(longReplies.skipped).toBe(skippedBefore + 1);
    // The line is free again for the next player.
    const page = await syncPage(subsonicClient(t.app, { apiKey }), 0, 500);
    expect(page.song?.map((s) => s.title)).toEqual(['Only take']);
  });
});

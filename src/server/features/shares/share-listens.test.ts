import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';
import { playlistTracks, shareLinks, users } from '../../db/schema';
import { planExport } from '../exports/export-journal';
import { listensCalls, setUpListensWorld } from './share-listens.fixture';

const world = setUpListensWorld();
const { nextAddress, share, report, age, figures, row } = listensCalls(world);
let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let anon: TestClient;
let trackA: number;
let trackB: number;
let outsider: number;
let playlistId: number;
beforeAll(() => {
  ({ t, owner, stranger, anon, trackA, trackB, outsider, playlistId } = world);
});

/** The buckets with `n` in them, as [first, last] runs. */
function runsOf(histogram: number[], n: number): [number, number][] {
  const runs: [number, number][] = [];
  histogram.forEach((v, i) => {
    if (v !== n) return;
    const last = runs.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  });
  return runs;
}

describe(`listening insight through share links on ${testDatabaseKind()}`, () => {
  let link: ShareLink;
  const ear = 'listener-ear-1';
  beforeAll(async () => {
    link = await share({ trackId: trackA, recipient: 'mastering engineer', allowDownload: true });
  });

  it('folds two spans around a seek into fraction, furthest and one play', async () => {
    expect((await report(link.token, { listenerId: ear, fromSeconds: 0, toSeconds: 10 })).statusCode).toBe(
      204,
    );
    await age(link.id, ear, 60);
    // The heartbeats of a minute's listening, sent late at once: 10 → 40 is plausible after 60 s.
    expect((await report(link.token, { listenerId: ear, fromSeconds: 10, toSeconds: 40 })).statusCode).toBe(
      204,
    );
    await age(link.id, ear, 60);
    // A seek to 60, then half a minute on.
    expect(
      (await report(link.token, { listenerId: ear, fromSeconds: 60, toSeconds: 90, trackId: trackA }))
        .statusCode,
    ).toBe(204);
    const { listeners, histogram, tracks: perTrack } = await figures(link.id);
    expect(listeners).toEqual([
      {
        listenerId: ear,
        recipient: 'mastering engineer',
        plays: 1,
        furthestSeconds: 90,
        heardFraction: 0.7,
        downloads: 0,
        firstAt: expect.any(String),
        lastAt: expect.any(String),
      },
    ]);
    expect((await row(link.id, ear))!.heard).toEqual([
      [0, 40],
      [60, 90],
    ]);
    // 100 s in 100 buckets: 0-39 and 60-89 heard by one.
    expect(runsOf(histogram, 1)).toEqual([
      [0, 39],
      [60, 89],
    ]);
    expect(perTrack).toEqual([
      expect.objectContaining({ trackId: trackA, name: 'Mix A', duration: 100, histogram, listeners }),
    ]);
  });

  it('a replayed heartbeat changes no figure', async () => {
    const before = await row(link.id, ear);
    await age(link.id, ear, 60);
    expect((await report(link.token, { listenerId: ear, fromSeconds: 60, toSeconds: 90 })).statusCode).toBe(
      204,
    );
    expect((await report(link.token, { listenerId: ear, fromSeconds: 70, toSeconds: 75 })).statusCode).toBe(
      204,
    );
    const after = await row(link.id, ear);
    expect(after).toMatchObject({
      heard: before!.heard,
      plays: before!.plays,
      furthestSeconds: before!.furthestSeconds,
      downloads: before!.downloads,
    });
  });

  it('ignores a span past the end or faster than the clock, and refuses malformed ones with a 400', async () => {
    const before = await row(link.id, ear);
    await age(link.id, ear, 20);
    // Past the 100 s track's end by more than a second: ignored (204, nothing kept).
    expect(
      (await report(link.token, { listenerId: ear, fromSeconds: 95, toSeconds: 101.5 })).statusCode,
    ).toBe(204);
    expect((await row(link.id, ear))!.heard).toEqual(before!.heard);
    // 99 s of track 20 s after the previous report, or 50 s: more than double speed (+5 s), ignored.
    expect((await report(link.token, { listenerId: ear, fromSeconds: 0, toSeconds: 99 })).statusCode).toBe(
      204,
    );
    expect((await report(link.token, { listenerId: ear, fromSeconds: 40, toSeconds: 90 })).statusCode).toBe(
      204,
    );
    expect((await row(link.id, ear))!.heard).toEqual(before!.heard);
    // A new listener's very first report covers at most a few heartbeats.
    expect(
      (await report(link.token, { listenerId: 'greedy-newcomer', fromSeconds: 0, toSeconds: 60 })).statusCode,
    ).toBe(204);
    expect(await row(link.id, 'greedy-newcomer')).toBeUndefined();
    for (const body of [
      { listenerId: ear, fromSeconds: -1, toSeconds: 3 },
      { listenerId: ear, fromSeconds: 5, toSeconds: 5 },
      { listenerId: ear, fromSeconds: 9, toSeconds: 4 },
      { listenerId: ear, fromSeconds: 'soon', toSeconds: 4 },
      { listenerId: 'short', fromSeconds: 0, toSeconds: 4 },
      { listenerId: 'has spaces in it', fromSeconds: 0, toSeconds: 4 },
      { listenerId: ear, fromSeconds: 0, toSeconds: 4, trackId: 0 },
      {},
    ]) {
      const res = await report(link.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Within a second past the end: taken, up to the end.
    await age(link.id, ear, 60);
    expect(
      (await report(link.token, { listenerId: ear, fromSeconds: 98, toSeconds: 100.8 })).statusCode,
    ).toBe(204);
    expect(await row(link.id, ear)).toMatchObject({
      heard: [
        [0, 40],
        [60, 90],
        [98, 100],
      ],
      furthestSeconds: 100,
    });
  });

  it('a report after half an hour of quiet is a new play', async () => {
    await age(link.id, ear, 31 * 60);
    expect((await report(link.token, { listenerId: ear, fromSeconds: 0, toSeconds: 5 })).statusCode).toBe(
      204,
    );
    expect((await row(link.id, ear))!.plays).toBe(2);
  });

  it('counts a download as the listener the page names, once per download', async () => {
    const original = (query: string, headers: Record<string, string> = {}) =>
      anon.request('GET', `/api/shares/by-token/${link.token}/tracks/${trackA}/original${query}`, {
        headers,
        remoteAddress: nextAddress(),
      });
    expect((await original(`?listener=${ear}`)).statusCode).toBe(200);
    // A resumed download is the same one; no listener, or a malformed one, is nobody's.
    expect((await original(`?listener=${ear}`, { range: 'bytes=100-' })).statusCode).toBe(206);
    expect((await original('')).statusCode).toBe(200);
    expect((await original('?listener=bad%20id')).statusCode).toBe(200);
    const { listeners } = await figures(link.id);
    expect(listeners).toEqual([expect.objectContaining({ listenerId: ear, downloads: 1, plays: 2 })]);
  });

  it('a second browser is a second listener; the histogram counts each once', async () => {
    const other = 'listener-ear-2';
    expect((await report(link.token, { listenerId: other, fromSeconds: 0, toSeconds: 10 })).statusCode).toBe(
      204,
    );
    const { listeners, histogram } = await figures(link.id);
    expect(listeners.map((l) => l.listenerId)).toEqual([ear, other]);
    expect(runsOf(histogram, 2)).toEqual([[0, 9]]);
    expect(runsOf(histogram, 1)).toEqual([
      [10, 39],
      [60, 89],
      [98, 99],
    ]);
  });

  it("only the owner reads a link's listens or a track's heat: others 404, signed out 401", async () => {
    expect((await stranger.get(`/api/shares/${link.id}/listens`)).statusCode).toBe(404);
    expect((await anon.get(`/api/shares/${link.id}/listens`)).statusCode).toBe(401);
    expect((await owner.get('/api/shares/999999/listens')).statusCode).toBe(404);
    expect((await stranger.get(`/api/tracks/${trackA}/listen-heat`)).statusCode).toBe(404);
    expect((await anon.get(`/api/tracks/${trackA}/listen-heat`)).statusCode).toBe(401);
  });

  it("the track's heat joins its links, each browser once", async () => {
    const second = await share({ trackId: trackA });
    // The first browser again, through another link: still one listener of the track.
    expect((await report(second.token, { listenerId: ear, fromSeconds: 40, toSeconds: 50 })).statusCode).toBe(
      204,
    );
    expect(
      (await report(second.token, { listenerId: 'listener-ear-3', fromSeconds: 0, toSeconds: 4 })).statusCode,
    ).toBe(204);
    const res = await owner.get(`/api/tracks/${trackA}/listen-heat`);
    expect(res.statusCode).toBe(200);
    const heat = res.json();
    expect(heat.listeners).toBe(3);
    expect(heat.histogram).toHaveLength(100);
    expect(heat.histogram.slice(0, 4)).toEqual([3, 3, 3, 3]);
    expect(heat.histogram[45]).toBe(1);
    expect(heat.histogram[95]).toBe(0);
  });

  it("a playlist's link counts per track and end to end; its track must be named and be in it", async () => {
    const pl = await share({ playlistId });
    const who = 'playlist-listener';
    expect((await report(pl.token, { listenerId: who, fromSeconds: 0, toSeconds: 5 })).statusCode).toBe(400);
    expect(
      (await report(pl.token, { listenerId: who, fromSeconds: 0, toSeconds: 5, trackId: outsider }))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(pl.token, { listenerId: who, fromSeconds: 0, toSeconds: 10, trackId: trackA }))
        .statusCode,
    ).toBe(204);
    expect(
      (await report(pl.token, { listenerId: who, fromSeconds: 0, toSeconds: 10, trackId: trackB }))
        .statusCode,
    ).toBe(204);
    const { listeners, histogram, tracks: perTrack } = await figures(pl.id);
    // 150 s end to end: 20 s heard; furthest is 10 s into the second track, at 110 s.
    expect(listeners).toEqual([
      expect.objectContaining({
        listenerId: who,
        recipient: null,
        plays: 2,
        heardFraction: 0.133,
        furthestSeconds: 110,
      }),
    ]);
    // 1.5 s a bucket, each counted when heard at least half: 0-10 s is buckets 0-6 (9-10.5 s: 1 s
    // heard), 100-110 s is 67-72 (99-100.5 and 109.5-111: only 0.5 s each).
    expect(runsOf(histogram, 1)).toEqual([
      [0, 6],
      [67, 72],
    ]);
    expect(perTrack.map((p) => [p.trackId, p.listeners[0]?.heardFraction])).toEqual([
      [trackA, 0.1],
      [trackB, 0.2],
    ]);
    expect(runsOf(perTrack[1]!.histogram, 1)).toEqual([[0, 19]]);
  });

  it("a revoked link takes no reports (404), an expired one 410, a locked one 401, a suspended owner's 404", async () => {
    const gone = await share({ trackId: trackA });
    expect((await owner.delete(`/api/shares/${gone.id}`)).statusCode).toBe(204);
    expect((await report(gone.token, { listenerId: ear, fromSeconds: 0, toSeconds: 4 })).statusCode).toBe(
      404,
    );
    expect((await report('not-a-token', { listenerId: ear, fromSeconds: 0, toSeconds: 4 })).statusCode).toBe(
      404,
    );
    const expired = await share({ trackId: trackA });
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.id));
    expect((await report(expired.token, { listenerId: ear, fromSeconds: 0, toSeconds: 4 })).statusCode).toBe(
      410,
    );
    const locked = await share({ trackId: trackA });
    await t.db.update(shareLinks).set({ passwordHash: 'scrypt$x' }).where(eq(shareLinks.id, locked.id));
    const res = await report(locked.token, { listenerId: ear, fromSeconds: 0, toSeconds: 4 });
    expect(res.statusCode).toBe(401);
    expect(await row(locked.id, ear)).toBeUndefined();
    // A suspended owner's links take none either (as they open nothing, decision 0445).
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.userId));
    try {
      expect((await report(link.token, { listenerId: ear, fromSeconds: 0, toSeconds: 4 })).statusCode).toBe(
        404,
      );
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, owner.userId));
    }
  });

  it('limits reports per link and address', async () => {
    const busy = await share({ trackId: trackB });
    const from = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 121; i += 1) {
      last = (await report(busy.token, { listenerId: 'hammering-1', fromSeconds: 0, toSeconds: 1 }, from))
        .statusCode;
    }
    expect(last).toBe(429);
    // Another link from the same address, and the same link from another, are counted apart.
    expect(
      (await report(link.token, { listenerId: 'hammering-1', fromSeconds: 0, toSeconds: 1 }, from))
        .statusCode,
    ).toBe(204);
    expect(
      (await report(busy.token, { listenerId: 'hammering-1', fromSeconds: 0, toSeconds: 1 })).statusCode,
    ).toBe(204);
  });
});

describe('export', () => {
  it("journal.json holds the owner's listens per link, listeners numbered, never their ids, and nobody else's", async () => {
    const { journal } = await planExport(t.db, owner.userId);
    const links = journal.shareLinks ?? [];
    const engineer = links.filter((l) => l.recipient === 'mastering engineer');
    const listens = engineer.flatMap((l) => l.listens);
    expect(listens).toContainEqual(
      expect.objectContaining({
        trackId: trackA,
        plays: 2,
        downloads: 1,
        heard: expect.arrayContaining([[60, 90]]),
      }),
    );
    expect(JSON.stringify(journal)).not.toContain('listener-ear-1');
    expect((await planExport(t.db, stranger.userId)).journal.shareLinks ?? []).toEqual([]);
  });
});

describe('playlist rows', () => {
  it('a track taken out of the playlist leaves its figures', async () => {
    const pl = await share({ playlistId });
    expect(
      (
        await report(pl.token, {
          listenerId: 'leaving-listener',
          fromSeconds: 0,
          toSeconds: 5,
          trackId: trackB,
        })
      ).statusCode,
    ).toBe(204);
    await t.db
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, playlistId), eq(playlistTracks.trackId, trackB)));
    const { listeners, tracks: perTrack } = await figures(pl.id);
    expect(listeners).toEqual([]);
    expect(perTrack.map((p) => p.trackId)).toEqual([trackA]);
  });
});

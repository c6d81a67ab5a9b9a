import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';
import { notifications, shareListens } from '../../db/schema';
import { listensCalls, setUpListensWorld } from './share-listens.fixture';

// Issue 45's leak alert (decision 0725), apart from the figures of share-listens.test.ts.

const world = setUpListensWorld();
const { share, report } = listensCalls(world);
let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let trackB: number;
beforeAll(() => {
  ({ t, owner, stranger, trackB } = world);
});

describe(`the leak alert on ${testDatabaseKind()}`, () => {
  const leakEntries = async (shareId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'share_leak'), eq(notifications.shareId, shareId)));

  it('fires once when a link passes 100 listeners in 48 hours: not at 99, not twice', async () => {
    const link = await share({ trackId: trackB });
    const now = Date.now();
    // 98 listeners within 48 hours, and one whose only listen was 49 hours ago (not counted).
    await t.db.insert(shareListens).values([
      ...Array.from({ length: 98 }, (_, i) => ({
        shareId: link.id,
        listenerId: `recent-listener-${i}`,
        trackId: trackB,
        heard: [[0, 5]] as [number, number][],
        plays: 1,
        firstAt: new Date(now - 47 * 3600_000),
        lastAt: new Date(now - i * 60_000),
      })),
      {
        shareId: link.id,
        listenerId: 'long-ago-listener',
        trackId: trackB,
        heard: [[0, 5]] as [number, number][],
        plays: 1,
        firstAt: new Date(now - 49 * 3600_000),
        lastAt: new Date(now - 49 * 3600_000),
      },
    ]);
    expect(
      (await report(link.token, { listenerId: 'listener-099', fromSeconds: 0, toSeconds: 5 })).statusCode,
    ).toBe(204);
    expect(await leakEntries(link.id)).toHaveLength(0);
    expect(
      (await report(link.token, { listenerId: 'listener-100', fromSeconds: 0, toSeconds: 5 })).statusCode,
    ).toBe(204);
    expect(await leakEntries(link.id)).toHaveLength(1);
    expect(
      (await report(link.token, { listenerId: 'listener-101', fromSeconds: 0, toSeconds: 5 })).statusCode,
    ).toBe(204);
    expect(await leakEntries(link.id)).toHaveLength(1);

    // The owner's inbox says so, about this link and its track; Revoke is DELETE /api/shares/{shareId}.
    const inbox = (await owner.get('/api/notifications')).json();
    const entry = inbox.items.find((n: { kind: string; shareId: number }) => n.kind === 'share_leak');
    expect(entry).toMatchObject({
      kind: 'share_leak',
      shareId: link.id,
      track: { id: trackB, name: 'Mix B' },
    });
    expect((await stranger.get('/api/notifications')).json().items).toEqual([]);
    expect((await owner.delete(`/api/shares/${entry.shareId}`)).statusCode).toBe(204);
    // The entry stays, let go of the link: the inbox says it was revoked.
    const after = (await owner.get('/api/notifications')).json();
    expect(after.items.find((n: { id: number }) => n.id === entry.id)).toMatchObject({
      kind: 'share_leak',
      shareId: null,
      track: { id: trackB },
    });
    expect(
      (await report(link.token, { listenerId: 'listener-102', fromSeconds: 0, toSeconds: 5 })).statusCode,
    ).toBe(404);
  });
});

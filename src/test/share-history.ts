import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { guestComments, playlistTracks, shareLinks, shareListens, shareUploads } from '../server/db/schema';
import type { JournalExport } from '../shared/schemas/journal-export';
import type { TestApp, TestClient } from './build-test-app';
import { makeWav } from './media-fixtures';

type Client = TestClient & { userId: string };

/** Secrets the seed writes that an export must never carry (decision 0740). */
export const SEEDED_SECRETS = {
  passwordHash: 'scrypt$16384$8$1$c2VlZGVkLXNhbHQ$c2VlZGVkLWhhc2gtdGhhdC1tdXN0LW5vdC1sZWFr',
  guestSam: 'guest-sam-0b7c1e9a-5d1f-4a51-9d2e-8f7a1c0b2d3e',
  guestLee: 'guest-lee-7f3d2a10-94b1-4c8e-a3b6-1e2f3a4b5c6d',
  guestKim: 'guest-kim-2c4e6a80-1b3d-4f5a-9c7e-0a2b4c6d8e0f',
  listenerOne: 'listener-one-5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  listenerTwo: 'listener-two-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  listenerThree: 'listener-three-9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
} as const;

export interface SeededHistory {
  mixId: number;
  stemsId: number;
  playlistId: number;
  review: typeof shareLinks.$inferSelect;
  listen: typeof shareLinks.$inferSelect;
  upload: typeof shareLinks.$inferSelect;
}

const at = (iso: string) => new Date(iso);

async function upload(client: Client, name: string, seconds: number) {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(seconds) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/**
 * An owner with issue 45's history, written straight into the tables (the routes are built beside
 * this): a password-protected review link for "mastering engineer" on "Mix" with a thread (two
 * guests, the owner's reply, a hidden comment and a guest's reply to it) and two listeners; a listen
 * link on a playlist with one listener; an upload link through which "Stems" came from Kim.
 */
export async function seedShareHistory(t: TestApp, me: Client): Promise<SeededHistory> {
  const mixId = await upload(me, 'Mix', 1);
  const stemsId = await upload(me, 'Stems', 0.5);
  const list = await me.post('/api/playlists', { name: 'Review set' });
  expect(list.statusCode, list.body).toBe(201);
  const playlistId = list.json<{ id: number }>().id;
  await t.db.insert(playlistTracks).values({ playlistId, trackId: mixId, position: 0 });
  const s = SEEDED_SECRETS;
  const [review, listen, uploadLink] = await t.db
    .insert(shareLinks)
    .values([
      {
        userId: me.userId,
        trackId: mixId,
        token: `review-${me.userId}`.padEnd(43, 'r').slice(0, 43),
        kind: 'review',
        passwordHash: s.passwordHash,
        recipient: 'mastering engineer',
        description: 'Second pass',
        allowDownload: true,
        allowVersions: true,
        visits: 7,
        commentsClosedAt: at('2026-01-05T10:00:00.000Z'),
        createdAt: at('2026-01-01T09:00:00.000Z'),
      },
      {
        userId: me.userId,
        playlistId,
        token: `listen-${me.userId}`.padEnd(43, 'l').slice(0, 43),
        kind: 'listen',
        expiresAt: at('2099-01-01T00:00:00.000Z'),
        visits: 2,
        createdAt: at('2026-01-02T09:00:00.000Z'),
      },
      {
        userId: me.userId,
        token: `upload-${me.userId}`.padEnd(43, 'u').slice(0, 43),
        kind: 'upload',
        recipient: 'label',
        maxFiles: 3,
        maxBytes: 1_000_000_000,
        createdAt: at('2026-01-03T09:00:00.000Z'),
      },
    ])
    .returning();
  const [sam] = await t.db
    .insert(guestComments)
    .values({
      shareId: review!.id,
      trackId: mixId,
      guestId: s.guestSam,
      name: 'Sam',
      content: 'The kick is lost at 0:12',
      atSeconds: 12,
      endSeconds: 15.5,
      createdAt: at('2026-01-01T10:00:00.000Z'),
    })
    .returning();
  await t.db.insert(guestComments).values({
    shareId: review!.id,
    trackId: mixId,
    parentId: sam!.id,
    userId: me.userId,
    name: 'ada',
    content: 'Fixed in the next take',
    atSeconds: 12,
    createdAt: at('2026-01-01T11:00:00.000Z'),
  });
  const [lee] = await t.db
    .insert(guestComments)
    .values({
      shareId: review!.id,
      trackId: mixId,
      guestId: s.guestLee,
      name: 'Lee',
      content: 'Too quiet overall',
      atSeconds: 30,
      hiddenAt: at('2026-01-02T08:00:00.000Z'),
      createdAt: at('2026-01-01T12:00:00.000Z'),
    })
    .returning();
  await t.db.insert(guestComments).values({
    shareId: review!.id,
    trackId: mixId,
    parentId: lee!.id,
    guestId: s.guestSam,
    name: 'Sam',
    content: 'Agreed',
    atSeconds: 30,
    createdAt: at('2026-01-01T13:00:00.000Z'),
  });
  await t.db.insert(shareListens).values([
    // Listener two came first: numbers follow the first listen, not the id.
    {
      shareId: review!.id,
      listenerId: s.listenerTwo,
      trackId: mixId,
      heard: [
        [0, 10],
        [20, 54],
      ],
      furthestSeconds: 54,
      plays: 2,
      downloads: 1,
      firstAt: at('2026-01-01T09:30:00.000Z'),
      lastAt: at('2026-01-04T09:30:00.000Z'),
    },
    {
      shareId: review!.id,
      listenerId: s.listenerOne,
      trackId: mixId,
      heard: [[0, 5.25]],
      furthestSeconds: 5.25,
      plays: 1,
      downloads: 0,
      firstAt: at('2026-01-02T09:30:00.000Z'),
      lastAt: at('2026-01-02T09:31:00.000Z'),
    },
    {
      shareId: listen!.id,
      listenerId: s.listenerThree,
      trackId: mixId,
      heard: [[0, 1]],
      furthestSeconds: 1,
      plays: 1,
      downloads: 0,
      firstAt: at('2026-01-03T09:30:00.000Z'),
      lastAt: at('2026-01-03T09:30:05.000Z'),
    },
  ]);
  await t.db.insert(shareUploads).values({
    trackId: stemsId,
    shareId: uploadLink!.id,
    guestId: s.guestKim,
    guestName: 'Kim',
    linkLabel: 'label',
    size: 12_345,
    createdAt: at('2026-01-03T10:00:00.000Z'),
  });
  return { mixId, stemsId, playlistId, review: review!, listen: listen!, upload: uploadLink! };
}

/**
 * The share parts of journal.json with archive ids replaced by what they point at (track titles,
 * playlist names, a comment's parent by its content) and the expiry aside (an import expires its
 * links, decision 0741): what must survive export → import → export.
 */
export function comparableShares(journal: JournalExport) {
  const title = new Map(journal.tracks.map((tr) => [tr.id, tr.title]));
  const links = journal.shareLinks ?? [];
  const linkPlace = new Map(links.map((l, i) => [l.id, i]));
  return {
    links: links.map(
      ({ id: _id, expiresAt: _e, trackId, playlist, guestComments: comments, listens, ...l }) => {
        const content = new Map(comments.map((c) => [c.id, c.content]));
        return {
          ...l,
          track: trackId === null ? null : title.get(trackId),
          playlist: playlist === null ? null : journal.playlists[playlist]!.name,
          guestComments: comments.map(({ id: _c, trackId: tr, parent, ...c }) => ({
            ...c,
            track: title.get(tr),
            parent: parent === null ? null : content.get(parent),
          })),
          listens: listens.map(({ trackId: tr, ...x }) => ({ ...x, track: title.get(tr) })),
        };
      },
    ),
    received: journal.tracks
      .filter((tr) => tr.receivedFrom)
      .map((tr) => ({
        title: tr.title,
        ...tr.receivedFrom!,
        link: tr.receivedFrom!.link === null ? null : linkPlace.get(tr.receivedFrom!.link),
      })),
  };
}

/** The owner's share rows by table, for cascade checks. */
export async function shareRowsOf(t: TestApp, userId: string) {
  const links = await t.db.select().from(shareLinks).where(eq(shareLinks.userId, userId));
  const ids = new Set(links.map((l) => l.id));
  const comments = (await t.db.select().from(guestComments)).filter((c) => ids.has(c.shareId));
  const listens = (await t.db.select().from(shareListens)).filter((l) => ids.has(l.shareId));
  return { links, comments, listens };
}

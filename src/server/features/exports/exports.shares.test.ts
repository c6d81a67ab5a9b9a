import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalExportSchema } from '../../../shared/schemas/journal-export';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportZip } from '../../../test/import-round-trip';
import { SEEDED_SECRETS, type SeededHistory, seedShareHistory } from '../../../test/share-history';
import { unzipEntries } from '../../../test/unzip';
import { playlistTracks, shareListens } from '../../db/schema';
import { planExport } from './export-journal';
import { EXPORT_PAGE_ROWS } from './export-shares';

// Issue 45 in journal.json (decision 0740): the owner's links with their new fields, the guests'
// comments and the listens per link, received tracks' sender; never a token, a password hash, a
// guest's id or a listener's id. PGlite or PostgreSQL by TEST_DATABASE_URL.

let t: TestApp;
let me: TestClient & { userId: string };
let seeded: SeededHistory;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'ada' });
  seeded = await seedShareHistory(t, me);
}, 60_000);
afterAll(() => t?.close());

describe('share links in the export', () => {
  it('journal.json holds each link, its thread, its listens and the received track; no secret', async () => {
    const entries = await unzipEntries(await exportZip(me));
    const raw = entries.find((e) => e.name === 'journal.json')!.data.toString();
    const journal = journalExportSchema.parse(JSON.parse(raw));
    const { review, listen, upload, mixId, stemsId } = seeded;

    for (const secret of [
      ...Object.values(SEEDED_SECRETS),
      review.token,
      listen.token,
      upload.token,
      'passwordHash',
      'guestId',
      'listenerId',
      'token',
    ]) {
      expect(raw, secret).not.toContain(secret);
    }

    const links = journal.shareLinks!;
    expect(links.map((l) => l.kind)).toEqual(['review', 'listen', 'upload']);
    expect(links[0]).toMatchObject({
      id: review.id,
      trackId: mixId,
      playlist: null,
      recipient: 'mastering engineer',
      description: 'Second pass',
      hasPassword: true,
      allowDownload: true,
      allowVersions: true,
      expiresAt: null,
      commentsClosedAt: '2026-01-05T10:00:00.000Z',
      maxFiles: null,
      maxBytes: null,
      visits: 7,
      createdAt: '2026-01-01T09:00:00.000Z',
    });
    expect(links[1]).toMatchObject({
      trackId: null,
      playlist: journal.playlists.findIndex((p) => p.name === 'Review set'),
      hasPassword: false,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect(links[1]!.playlist).toBeGreaterThanOrEqual(0);
    expect(links[2]).toMatchObject({
      trackId: null,
      playlist: null,
      recipient: 'label',
      maxFiles: 3,
      maxBytes: 1_000_000_000,
      guestComments: [],
      listens: [],
    });

    // The thread: guests numbered by their first comment, the owner's reply without one.
    const thread = links[0]!.guestComments;
    expect(thread.map((c) => [c.guest, c.name, c.content, c.atSeconds, c.endSeconds, c.hiddenAt])).toEqual([
      [1, 'Sam', 'The kick is lost at 0:12', 12, 15.5, null],
      [null, 'ada', 'Fixed in the next take', 12, null, null],
      [2, 'Lee', 'Too quiet overall', 30, null, '2026-01-02T08:00:00.000Z'],
      [1, 'Sam', 'Agreed', 30, null, null],
    ]);
    expect(thread.map((c) => c.parent)).toEqual([null, thread[0]!.id, null, thread[2]!.id]);
    expect(thread.every((c) => c.trackId === mixId && c.trackVersion === 1)).toBe(true);

    // Listeners numbered by their first listen: the one who came first is 1, whatever the ids.
    expect(links[0]!.listens).toEqual([
      {
        listener: 1,
        trackId: mixId,
        heard: [
          [0, 10],
          [20, 54],
        ],
        furthestSeconds: 54,
        plays: 2,
        downloads: 1,
        firstAt: '2026-01-01T09:30:00.000Z',
        lastAt: '2026-01-04T09:30:00.000Z',
      },
      expect.objectContaining({ listener: 2, heard: [[0, 5.25]], plays: 1, downloads: 0 }),
    ]);
    expect(links[1]!.listens).toEqual([expect.objectContaining({ listener: 1, trackId: mixId })]);

    const stems = journal.tracks.find((tr) => tr.id === stemsId)!;
    expect(stems.receivedFrom).toEqual({
      guestName: 'Kim',
      linkLabel: 'label',
      link: upload.id,
      size: 12_345,
      receivedAt: '2026-01-03T10:00:00.000Z',
    });
    expect(journal.tracks.find((tr) => tr.id === mixId)!.receivedFrom).toBeUndefined();
  }, 60_000);

  it('someone else sees none of it in their export', async () => {
    const other = await t.signedInClient();
    const { journal } = await planExport(t.db, other.userId);
    expect(journal.shareLinks).toEqual([]);
  });

  it('a link a thousand browsers played is read a page at a time, every listener numbered once', async () => {
    const owner = await t.signedInClient();
    const seededOwn = await seedShareHistory(t, owner);
    await t.db
      .insert(playlistTracks)
      .values({ playlistId: seededOwn.playlistId, trackId: seededOwn.stemsId, position: 1 });
    const base = Date.parse('2026-02-01T00:00:00.000Z');
    const rows = Array.from({ length: 1000 }, (_, i) =>
      [seededOwn.mixId, seededOwn.stemsId].map((trackId) => ({
        shareId: seededOwn.listen.id,
        // Ids in the opposite order of arrival: numbering must follow the first listen.
        listenerId: `browser-${String(999 - i).padStart(4, '0')}`,
        trackId,
        heard: [[0, 0.5]] as [number, number][],
        furthestSeconds: 0.5,
        plays: 1,
        firstAt: new Date(base + i * 1000),
        lastAt: new Date(base + i * 1000 + 500),
      })),
    ).flat();
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(shareListens).values(rows.slice(i, i + 500));
    expect(rows.length + 1).toBeGreaterThan(2 * EXPORT_PAGE_ROWS);

    const { journal } = await planExport(t.db, owner.userId);
    const link = journal.shareLinks!.find((l) => l.kind === 'listen')!;
    // The seeded listener came in January, before the thousand.
    expect(link.listens).toHaveLength(2001);
    expect(link.listens[0]).toMatchObject({ listener: 1, trackId: seededOwn.mixId });
    const numbers = link.listens.slice(1).map((x) => x.listener);
    expect(numbers).toEqual(Array.from({ length: 1000 }, (_, i) => [i + 2, i + 2]).flat());
    expect(link.listens.at(-1)).toMatchObject({
      listener: 1001,
      trackId: seededOwn.stemsId,
      firstAt: new Date(base + 999_000).toISOString(),
    });
    // A few hundred bytes a listener: nothing of the rows beyond what journal.json says.
    expect(JSON.stringify(link).length).toBeLessThan(2001 * 250);
  }, 60_000);
});

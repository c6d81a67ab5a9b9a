import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimeIdCursor } from '../../db/time-id-cursor';
import { mergedPage, SyncAnchors } from './listed-song-ids';

// Decision 0910: a sync page is merged from a window of the viewer's own tracks and others' read up
// to the page's end, never answered other than as the whole merged list's slice.

const key = (second: number, id: number): TimeIdCursor => ({
  time: `2026-01-01T00:00:${String(second).padStart(2, '0')}.000000Z`,
  id,
});
const byKey = (a: TimeIdCursor, b: TimeIdCursor) =>
  a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id;

describe('mergedPage', () => {
  it('is the slice of own and others merged, for any halves, offset and size', () => {
    fc.assert(
      fc.property(
        // Tracks as (second, owner is the viewer); seconds repeat, so ties fall to the id.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.boolean()), { maxLength: 40 }),
        fc.integer({ min: 0, max: 45 }),
        fc.integer({ min: 1, max: 12 }),
        (tracks, offset, limit) => {
          const all = tracks.map(([second, own], index) => ({ ...key(second, index + 1), own }));
          all.sort(byKey);
          const own = all.filter((t) => t.own).map(({ time, id }) => ({ time, id }));
          // As read: others' up to the page's end, then the own window from offset − m.
          const others = all
            .filter((t) => !t.own)
            .slice(0, offset + limit)
            .map(({ time, id }) => ({ time, id }));
          const from = Math.max(0, offset - others.length);
          const window = own.slice(from, from + limit + others.length);
          expect(mergedPage(window, from, others, { offset, limit })).toEqual(
            all.slice(offset, offset + limit).map((t) => t.id),
          );
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('SyncAnchors', () => {
  const revisions = (revision: number | undefined) => ({ current: async () => revision });

  it('gives a position’s key only at the revision it was kept at', async () => {
    const anchors = new SyncAnchors(revisions(7));
    expect(await anchors.revisionOf('u1')).toBe(7);
    anchors.put('u1', 7, 500, key(1, 11));
    expect(anchors.get('u1', 7, 500)).toEqual(key(1, 11));
    expect(anchors.get('u1', 8, 500)).toBeUndefined();
    expect(anchors.get('u1', 7, 1000)).toBeUndefined();
    expect(anchors.get('u2', 7, 500)).toBeUndefined();
    // A newer revision forgets the older one's; a read begun before it keeps nothing.
    anchors.put('u1', 8, 1000, key(2, 12));
    expect(anchors.get('u1', 8, 500)).toBeUndefined();
    anchors.put('u1', 7, 500, key(1, 11));
    expect(anchors.get('u1', 7, 500)).toBeUndefined();
    expect(anchors.get('u1', 8, 1000)).toEqual(key(2, 12));
  });

  it('keeps at most maxPositions a person and maxPeople people, the least recent going first', () => {
    const anchors = new SyncAnchors(revisions(1), 2, 3);
    for (const position of [0, 500, 1000, 1500]) anchors.put('u1', 1, position, key(1, position + 1));
    expect([0, 500, 1000, 1500].map((p) => anchors.get('u1', 1, p)?.id)).toEqual([
      undefined,
      501,
      1001,
      1501,
    ]);
    anchors.put('u2', 1, 0, key(1, 2));
    anchors.get('u1', 1, 500); // u1 asked last
    anchors.put('u3', 1, 0, key(1, 3));
    expect(anchors.get('u2', 1, 0)).toBeUndefined();
    expect(anchors.get('u1', 1, 500)?.id).toBe(501);
    expect(anchors.get('u3', 1, 0)?.id).toBe(3);
  });
});

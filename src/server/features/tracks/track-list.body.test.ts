import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type JsonRow, type ListBody, listBody } from './track-list.body';

const row = (text: string): JsonRow => ({ json: Buffer.from(JSON.stringify({ text })) });
const naive = (rows: readonly JsonRow[]) => `[${rows.map((r) => r.json.toString()).join(',')}]`;

function expectBodyOf(rows: readonly JsonRow[], made: ListBody) {
  expect(made.body.toString()).toBe(naive(rows));
  expect(made.starts).toHaveLength(rows.length);
  for (const [i, r] of rows.entries()) {
    expect(made.body.subarray(made.starts[i], made.starts[i]! + r.json.length).equals(r.json)).toBe(true);
  }
}

it('is the JSON array of the rows, each found where its start says', () => {
  expectBodyOf([], listBody([]));
  const rows = ['a', 'bb', 'ccc'].map(row);
  expectBodyOf(rows, listBody(rows));
});

/** One edit of a list: rows dropped, rows read anew put in, kept rows moved (a changed sort value). */
const edit = fc.record({
  drop: fc.array(fc.nat(), { maxLength: 4 }),
  add: fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 12 })), { maxLength: 4 }),
  move: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
});

it('patched from a former list, edit after edit, is the same bytes as made afresh', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ maxLength: 12 }), { maxLength: 30 }),
      fc.array(edit, { maxLength: 6 }),
      (texts, edits) => {
        let rows = texts.map(row);
        let made = listBody(rows);
        for (const { drop, add, move } of edits) {
          // Each new row with the index it had in `rows` (-1: read anew).
          const next = rows.map((r, index) => ({ r, at: index }));
          for (const d of drop) if (next.length > 0) next.splice(d % next.length, 1);
          for (const [from, to] of move) {
            if (next.length === 0) break;
            const [moved] = next.splice(from % next.length, 1);
            next.splice(to % (next.length + 1), 0, moved!);
          }
          for (const [to, text] of add) next.splice(to % (next.length + 1), 0, { r: row(text), at: -1 });
          const from = next.map((n) => n.at);
          const patched = listBody(
            next.map((n) => n.r),
            { rows, body: made, from },
          );
          rows = next.map((n) => n.r);
          expectBodyOf(rows, patched);
          made = patched;
        }
      },
    ),
  );
});

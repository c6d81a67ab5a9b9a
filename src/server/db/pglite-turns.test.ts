import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurns } from './pglite-turns';

// Decision 0505: PGlite statements wait for the event loop's next turn, so a request that needs no
// statement is answered between another request's statements, not after all of them.

let plain: PGlite;
let turns: PGlite;
beforeAll(async () => {
  [plain, turns] = await Promise.all([PGlite.create(), PGlite.create()]);
  takeTurns(turns);
  takeTurns(turns); // applied once, however often asked
});
afterAll(async () => {
  await Promise.all([plain.close(), turns.close()]);
});

/** How many of `count` statements in a row had run when a timer already due fired. */
async function statementsBeforeTimer(run: (i: number) => Promise<unknown>, count = 20) {
  let done = 0;
  const timer = new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
  // Due before the first statement (a timeout of 0 is 1 ms): otherwise a fast machine runs several
  // statements before the timer is even due, and the count measures speed, not turns.
  const due = performance.now() + 2;
  while (performance.now() < due) {}
  for (let i = 0; i < count; i++) {
    await run(i);
    done += 1;
  }
  return { atTimer: await timer, done };
}

describe('takeTurns', () => {
  it('without it, statements in a row keep a due timer (any socket) waiting for all of them', async () => {
    const { atTimer, done } = await statementsBeforeTimer(() => plain.query('select 1'));
    expect(atTimer).toBe(done);
  });

  it('lets the event loop run between statements: query, exec, sql and in a transaction', async () => {
    expect((await statementsBeforeTimer(() => turns.query('select 1'))).atTimer).toBeLessThan(5);
    expect((await statementsBeforeTimer(() => turns.exec('select 1'))).atTimer).toBeLessThan(5);
    expect((await statementsBeforeTimer(() => turns.sql`select 1`)).atTimer).toBeLessThan(5);
    await turns.transaction(async (tx) => {
      expect((await statementsBeforeTimer(() => tx.query('select 1'))).atTimer).toBeLessThan(5);
      expect((await statementsBeforeTimer(() => tx.sql`select 1`)).atTimer).toBeLessThan(5);
    });
  });

  it('still runs statements one at a time, in the order asked, and transactions whole', async () => {
    await turns.exec('create table turns_log (n int)');
    const order: number[] = [];
    const inserts = Array.from({ length: 10 }, (_, n) =>
      turns.query('insert into turns_log values ($1) returning n', [n]).then(() => order.push(n)),
    );
    const rolledBack = turns
      .transaction(async (tx) => {
        await tx.query('insert into turns_log values (100)');
        throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);
    await Promise.all(inserts);
    expect(await rolledBack).toBe('rolled back');
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const { rows } = await turns.query<{ n: number }>('select n from turns_log order by n');
    expect(rows.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from '../../test/test-database';
import { routeSharesPlugin } from '../plugins/route-shares';
import { ResilientPool } from './resilient-pool';
import { runAsRoute } from './route-shares';
import { RouteTurns, routeTurns } from './route-turns';

// Issue 48 (decision 0935): a few units of request work a pass of the event loop, round robin
// across routes; probes and work outside a request never wait.

/** Resolves after the loop's pending passes of this moment (setImmediate runs in queue order). */
const nextPass = () => new Promise((resolve) => setImmediate(resolve));

describe('RouteTurns', () => {
  it('runs a unit at once while the loop is quiet', () => {
    const turns = new RouteTurns(2);
    const ran: string[] = [];
    turns.run('GET /a', () => ran.push('a'));
    expect(ran).toEqual(['a']);
    expect(turns.waiting).toBe(0);
  });

  it('runs at most its share of units a pass; the rest wait for the next passes', async () => {
    const turns = new RouteTurns(2);
    const ran: number[] = [];
    for (let i = 1; i <= 7; i++) turns.run('GET /a', () => ran.push(i));
    expect(ran).toEqual([1, 2]);
    expect(turns.waiting).toBe(5);
    await nextPass();
    expect(ran).toEqual([1, 2, 3, 4]);
    await nextPass();
    await nextPass();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(turns.waiting).toBe(0);
  });

  it('takes the waiting routes round robin, so a busy route does not hold another back', async () => {
    const turns = new RouteTurns(2);
    const ran: string[] = [];
    for (let i = 1; i <= 6; i++) turns.run('GET /busy', () => ran.push(`busy${i}`));
    turns.run('GET /other', () => ran.push('other'));
    await nextPass();
    expect(ran).toEqual(['busy1', 'busy2', 'busy3', 'other']);
    await nextPass();
    await nextPass();
    expect(ran.slice(4)).toEqual(['busy4', 'busy5', 'busy6']);
  });

  it('runs a probe, or work outside a request, at once even while units wait', () => {
    const turns = new RouteTurns(1);
    const ran: string[] = [];
    turns.run('GET /a', () => ran.push('a1'));
    turns.run('GET /a', () => ran.push('a2'));
    turns.run(undefined, () => ran.push('probe'));
    expect(ran).toEqual(['a1', 'probe']);
  });

  it("hands a route's value over in its turn; a probe's and outside work's at once", async () => {
    const turns = new RouteTurns(1);
    turns.run('GET /busy', () => {});
    turns.run('GET /busy', () => {});
    const outside = turns.deliver('outside');
    const probe = runAsRoute('GET /api/health', () => turns.deliver('probe'), true);
    const route = runAsRoute('GET /a', () => turns.deliver('answer'));
    expect(outside).toBe('outside');
    expect(probe).toBe('probe');
    expect(route).toBeInstanceOf(Promise);
    let delivered: unknown;
    void (route as Promise<string>).then((value) => {
      delivered = value;
    });
    await nextPass();
    expect(delivered).toBeUndefined(); // the busy route's unit had this pass
    await nextPass();
    expect(delivered).toBe('answer');
  });

  it("takes a route's units by their request's start, earliest first, and alike ones as they came", async () => {
    const turns = new RouteTurns(1);
    const ran: string[] = [];
    turns.run('GET /a', () => ran.push('busy'));
    turns.run('GET /a', () => ran.push('request 5, first'), 5);
    turns.run('GET /a', () => ran.push('request 3'), 3);
    turns.run('GET /a', () => ran.push('request 5, second'), 5);
    const delivered = runAsRoute('GET /a', () => turns.deliver('request 1'), false, 1) as Promise<string>;
    void delivered.then((value) => ran.push(value));
    for (let pass = 0; pass < 4; pass++) await nextPass();
    expect(ran).toEqual(['busy', 'request 1', 'request 3', 'request 5, first', 'request 5, second']);
  });

  it("finishes the earlier request's long list before a later one's, in the same route", async () => {
    const turns = new RouteTurns(1);
    const log: string[] = [];
    const map = (name: string, order: number) =>
      runAsRoute(
        'GET /sync',
        () => turns.mapInTurns([1, 2, 3], 1, (n) => log.push(`${name}${n}`)),
        false,
        order,
      );
    await Promise.all([map('a', 1), map('b', 2)]);
    // Taken as they came, the two lists went piece for piece: a1 b1 a2 b2 a3 b3, both half built.
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3', 'b2', 'b3']);
  });

  it("runs each unit's promise chain to its end before the next unit of the pass starts", async () => {
    const turns = new RouteTurns(2);
    turns.run('GET /busy', () => {});
    turns.run('GET /busy', () => {});
    const log: string[] = [];
    const a = runAsRoute('GET /a', () => turns.deliver('a')) as Promise<string>;
    const b = runAsRoute('GET /b', () => turns.deliver('b')) as Promise<string>;
    const chainA = a.then(async () => {
      log.push('a1');
      await null;
      log.push('a2');
      await null;
      log.push('a3');
    });
    const chainB = b.then(() => log.push('b'));
    await Promise.all([chainA, chainB]);
    // Resolved in one callback, the two chains interleaved: a1, b, a2, a3.
    expect(log).toEqual(['a1', 'a2', 'a3', 'b']);
  });

  it("maps a route's long list in pieces, letting waiting routes' units run between them", async () => {
    const turns = new RouteTurns(1);
    const log: (string | number)[] = [];
    for (let i = 1; i <= 3; i++) turns.run('GET /other', () => log.push(`other${i}`));
    const mapped = await runAsRoute('GET /sync', () =>
      turns.mapInTurns([1, 2, 3, 4, 5], 2, (n) => {
        log.push(n);
        return n * 10;
      }),
    );
    expect(mapped).toEqual([10, 20, 30, 40, 50]);
    expect(log).toEqual(['other1', 1, 2, 'other2', 3, 4, 'other3', 5]);
  });

  it('maps a list in one piece when it fits, and outside a request without waiting', async () => {
    const turns = new RouteTurns(1);
    turns.run('GET /other', () => {});
    turns.run('GET /other', () => {});
    const inRoute = runAsRoute('GET /sync', () => turns.mapInTurns([1, 2], 2, (n) => n + 1));
    const outside = turns.mapInTurns([1, 2, 3, 4, 5], 1, (n) => n);
    let settled = 0;
    void inRoute.then(() => settled++);
    void outside.then(() => settled++);
    // Microtasks only: no pass of the loop has run.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(settled).toBe(2);
    expect(turns.waiting).toBe(1);
    await expect(inRoute).resolves.toEqual([2, 3]);
    await nextPass();
  });

  it('lets a fake clock leave the passes alone (they use the real setImmediate)', async () => {
    const turns = new RouteTurns(1);
    vi.useFakeTimers();
    try {
      const ran: number[] = [];
      for (let i = 1; i <= 3; i++) turns.run('GET /a', () => ran.push(i));
      vi.useRealTimers();
      await nextPass();
      await nextPass();
      expect(ran).toEqual([1, 2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('requests taking turns', () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers a probe ahead of a burst's waiting requests", async () => {
    const app = Fastify();
    await app.register(routeSharesPlugin);
    const finished: string[] = [];
    app.get('/work', async () => {
      finished.push('work');
      return { ok: true };
    });
    app.get('/probe', { config: { probe: true } }, async () => {
      finished.push('probe');
      return { ok: true };
    });
    const burst = Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/work' }));
    const probe = app.inject({ method: 'GET', url: '/probe' });
    await Promise.all([...burst, probe]);
    // Every request of the burst reached its handler in one pass before; now the probe is third.
    expect(finished.indexOf('probe')).toBeLessThan(4);
    expect(finished).toHaveLength(21);
    await app.close();
  });

  it('lets the requests of a burst to one route finish in the order they came', async () => {
    const app = Fastify();
    await app.register(routeSharesPlugin);
    const log: string[] = [];
    app.get('/work/:n', async (request) => {
      const n = (request.params as { n: string }).n;
      for (let step = 0; step < 3; step++) {
        log.push(`${n}:${step}`);
        await routeTurns.deliver(null);
      }
      return { ok: true };
    });
    await Promise.all(Array.from({ length: 6 }, (_, n) => app.inject({ method: 'GET', url: `/work/${n}` })));
    expect(log).toHaveLength(18);
    // The first request's later steps go ahead of the last one's start: its work is not left half
    // done while every later request begins (each holding what it has read meanwhile).
    expect(log.indexOf('0:2')).toBeLessThan(log.indexOf('5:0'));
    const finished = [0, 1, 2, 3, 4, 5].map((n) => log.indexOf(`${n}:2`));
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
    await app.close();
  });

  it('answers every request of a burst when some fail in a later hook, run from a pass or not', async () => {
    const app = Fastify();
    await app.register(routeSharesPlugin);
    app.get(
      '/work/:n',
      {
        onRequest: (request, _reply, done) => {
          if (Number((request.params as { n: string }).n) % 3 === 0) throw new Error('hook failed');
          done();
        },
      },
      async () => ({ ok: true }),
    );
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, n) => app.inject({ method: 'GET', url: `/work/${n}` })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(
      Array.from({ length: 12 }, (_, n) => (n % 3 === 0 ? 500 : 200)),
    );
    expect(routeTurns.waiting).toBe(0);
    await app.close();
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    "hands a failed query's error over at once, while units wait for their turn",
    async () => {
      const pool = new ResilientPool({ connectionString: process.env.TEST_DATABASE_URL!, max: 2 }, () => {});
      try {
        for (let i = 0; i < 6; i++) routeTurns.run('GET /busy', () => {});
        await expect(runAsRoute('GET /a', () => pool.query('select * from no_such_table'))).rejects.toThrow(
          /no_such_table/,
        );
        await nextPass();
        await nextPass();
        await nextPass();
        expect(routeTurns.waiting).toBe(0);
      } finally {
        await pool.end();
      }
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    "hands each pooled query's answer over through the turns",
    async () => {
      const pool = new ResilientPool({ connectionString: process.env.TEST_DATABASE_URL!, max: 2 }, () => {});
      const deliver = vi.spyOn(routeTurns, 'deliver');
      try {
        const answer = await runAsRoute('GET /a', () => pool.query('select 41 + 1 as n'));
        expect((answer as { rows: { n: number }[] }).rows[0]?.n).toBe(42);
        expect(deliver).toHaveBeenCalledTimes(1);
        expect(deliver.mock.results[0]?.value).toBe(answer);
      } finally {
        await pool.end();
      }
    },
  );
});

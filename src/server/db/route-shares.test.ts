import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/test-database';
import { routeSharesPlugin } from '../plugins/route-shares';
import { ResilientPool } from './resilient-pool';
import { RouteShares, routeOfThisWork, runAsRoute } from './route-shares';

// Issue 48: no route can take every connection of the PostgreSQL pool.

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('RouteShares', () => {
  it('lets a route hold at most its share; its next waits for one of its own, others pass', async () => {
    const shares = new RouteShares(2);
    const order: string[] = [];
    const a1 = await runAsRoute('a', () => shares.take());
    const a2 = await runAsRoute('a', () => shares.take());
    const a3 = runAsRoute('a', () => shares.take()).then((release) => {
      order.push('a3');
      return release;
    });
    const b1 = await runAsRoute('b', () => shares.take());
    order.push('b1');
    const outside = await shares.take();
    order.push('outside');
    await settled();
    expect(order).toEqual(['b1', 'outside']);
    expect(shares.heldBy('a')).toBe(2);
    a1();
    a1(); // a second release of the same share gives nothing back
    const release3 = await a3;
    expect(order).toEqual(['b1', 'outside', 'a3']);
    expect(shares.heldBy('a')).toBe(2);
    a2();
    release3();
    b1();
    outside();
    expect(shares.heldBy('a')).toBe(0);
    expect(shares.heldBy('b')).toBe(0);
  });

  it("gives a route half the pool's checkouts and a fifth of it for statements, at least one each (decisions 0938, 0950)", async () => {
    const sharesOf = async (max: number) => {
      const pool = new ResilientPool({ max }, () => {});
      const shares = [pool.shares.perRoute, pool.statementShares.perRoute];
      await pool.end();
      return shares;
    };
    expect(await sharesOf(10)).toEqual([5, 2]);
    expect(await sharesOf(20)).toEqual([10, 4]);
    expect(await sharesOf(4)).toEqual([2, 1]);
    expect(await sharesOf(3)).toEqual([1, 1]);
    expect(await sharesOf(1)).toEqual([1, 1]);
  });

  it('runs each request as its route, through every hook and the handler', async () => {
    const app = Fastify();
    await app.register(routeSharesPlugin);
    const seen: (string | undefined)[] = [];
    app.addHook('preHandler', async () => {
      await settled();
      seen.push(routeOfThisWork());
    });
    app.get('/things/:id', async () => {
      await settled();
      return { route: routeOfThisWork() };
    });
    const res = await app.inject({ method: 'GET', url: '/things/7' });
    expect(res.json()).toEqual({ route: 'GET /things/:id' });
    expect(seen).toEqual(['GET /things/:id']);
    expect(routeOfThisWork()).toBeUndefined();
    await app.close();
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('the pool under one slow route', () => {
  it('keeps connections for the other routes while one route asks for every connection', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pool = new ResilientPool({ connectionString: url, max: 10 }, () => {});
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const tag = `route-share-${process.pid}-${Date.now()}`;
    const active = async () =>
      Number(
        (
          await admin.query(
            "select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1",
            [`%${tag}%`],
          )
        ).rows[0].n,
      );
    try {
      let slowDone = 0;
      // Six slow statements of one route, on a pool of ten: it may run two at once.
      const slow = Array.from({ length: 6 }, () =>
        runAsRoute('GET /slow', () => pool.query(`select pg_sleep(1.5), '${tag}'`)).then(() => {
          slowDone += 1;
        }),
      );
      let seen = 0;
      for (let i = 0; i < 50 && seen < 2; i++) {
        seen = await active();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toBe(2);
      // Another route's query (and a transaction's checkout) find a connection at once.
      await runAsRoute('GET /api/health', () => pool.query('select 1'));
      const client = await runAsRoute('POST /other', () => pool.connect());
      await client.query('select 1');
      client.release();
      expect(slowDone).toBe(0);
      expect(await active()).toBe(2);
      await Promise.all(slow);
      expect(pool.statementShares.heldBy('GET /slow')).toBe(0);
    } finally {
      await admin.end();
      await pool.end();
    }
  });

  it("lets a transaction's requests run plain statements beside it, however many of them there are (decision 0950)", async () => {
    const pool = new ResilientPool({ connectionString: process.env.TEST_DATABASE_URL!, max: 10 }, () => {});
    try {
      // Five requests of one route (its whole checkout share) each hold a transaction and, inside
      // it, run a plain statement on the pool: were both counted alike, each would wait for a share
      // another holds, for ever.
      const request = () =>
        runAsRoute('POST /nested', async () => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await new Promise((resolve) => setTimeout(resolve, 50));
            const { rows } = await pool.query('select 1 as one');
            await client.query('commit');
            return rows[0].one as number;
          } finally {
            client.release();
          }
        });
      const done = Promise.all(Array.from({ length: 5 }, request));
      const timeout = new Promise((resolve) => setTimeout(() => resolve('stuck'), 10_000));
      expect(await Promise.race([done, timeout])).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await pool.end();
    }
  });
});

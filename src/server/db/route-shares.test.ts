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

  it("gives a route half the pool's connections, at least one (decision 0938)", async () => {
    const shareOf = async (max: number) => {
      const pool = new ResilientPool({ max }, () => {});
      const share = pool.shares.perRoute;
      await pool.end();
      return share;
    };
    expect(await shareOf(10)).toBe(5);
    expect(await shareOf(4)).toBe(2);
    expect(await shareOf(3)).toBe(1);
    expect(await shareOf(1)).toBe(1);
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
    const pool = new ResilientPool({ connectionString: url, max: 4 }, () => {});
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
      // Four slow queries of one route, on a pool of four: it may hold two.
      const slow = Array.from({ length: 4 }, () =>
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
      expect(pool.shares.heldBy('GET /slow')).toBe(0);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});

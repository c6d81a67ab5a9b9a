import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  /** A limit kept in each instance's memory even on PostgreSQL (the media flood guard, 0098). */
  perInstance?: boolean;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's own in-memory store, for limits that stay per instance.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
) => FastifyRateLimitStore;

/**
 * @fastify/rate-limit's counters in PostgreSQL, shared by every instance on the database (decision
 * 0098): one upsert per hit, which starts a new window once the stored one has expired. Times are
 * the database's own, so instances' clocks need not agree. Fixed windows, like the in-memory store.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    this.add(key, 1, timeWindow).then(
      (result) => callback(null, result),
      (err: Error) => callback(err),
    );
  }

  /**
   * Adds `amount` (negative gives some back) to the key's count in its window, or starts a new
   * window with it: what `incr` does by one, and the upload bytes budget by many (decision 0560).
   */
  async add(key: string, amount: number, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const expired = sql`${rateLimitHits.expiresAt} <= now()`;
    const windowEnd = sql`now() + make_interval(secs => ${timeWindow / 1000})`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key: this.prefix + key, hits: amount, expiresAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${expired} then excluded.hits else ${rateLimitHits.hits} + excluded.hits end`,
          expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
        },
      })
      .returning({
        current: rateLimitHits.hits,
        ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000))::int`,
      });
    return { current: row!.current, ttl: row!.ttl };
  }

  /** The count without a hit (`{ increment: false }`): a window that has ended counts nothing. */
  read(key: string, callback: IncrCallback): void {
    this.db
      .select({
        current: rateLimitHits.hits,
        ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000))::int`,
      })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, this.prefix + key), gt(rateLimitHits.expiresAt, sql`now()`)))
      .then(
        ([row]) => callback(null, { current: row?.current ?? 0, ttl: row?.ttl ?? 0 }),
        (err: Error) => callback(err),
      );
  }

  /**
   * Limits set on a route count apart from the global one, per route, as the plugin's stores do.
   * The plugin passes the limit's merged settings (its types say route options).
   */
  child(settings: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const options = settings as unknown as ChildOptions;
    if (options.perInstance) return new LocalStore(options.continueExceeding, options.exponentialBackoff);
    const method = [options.routeInfo?.method ?? ''].flat().join(',');
    return new PostgresRateLimitStore(this.db, `${this.prefix}${method}${options.routeInfo?.url ?? ''}|`);
  }
}

/** The store class the plugin instantiates itself, bound to the app's database. */
export const postgresRateLimitStore = (db: Database) =>
  class extends PostgresRateLimitStore {
    constructor() {
      super(db);
    }
  };

/** Deletes windows that have ended (a caller's next hit would start a new one anyway). */
export async function pruneRateLimitHits(db: Database): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}

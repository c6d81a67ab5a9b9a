import { UPLOAD_BYTES_BUDGET } from '../../shared/constants';
import type { PostgresRateLimitStore } from './rate-limit-store';

/** A count in fixed windows that grows by any amount at once (what the plugin's stores do by one). */
export interface AmountCounter {
  /** Adds `amount` (negative: gives it back) in the key's window; what it now holds and its ms left. */
  add(key: string, amount: number, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/** Windows kept past this many are swept of ended ones (each person who uploaded holds one). */
const SWEEP_ABOVE = 10_000;

/** This process's memory: PGlite, or tests. */
export function memoryCounter(): AmountCounter {
  const windows = new Map<string, { current: number; endsAt: number }>();
  return {
    async add(key, amount, windowMs) {
      const now = Date.now();
      if (windows.size > SWEEP_ABOVE) {
        for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { current: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.current += amount;
      return { current: window.current, ttl: window.endsAt - now };
    },
  };
}

/** PostgreSQL's rate_limit_hits, shared by every instance on the database (decision 0098). */
export const postgresCounter = (store: PostgresRateLimitStore): AmountCounter => ({
  add: (key, amount, windowMs) => store.add(key, amount, windowMs),
});

// One round trip, atomic: the window starts with the key's first amount and ends when it expires.
const REDIS_ADD = `local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}`;

/** What the counter needs of ioredis's client (named here, so this module does not load ioredis). */
interface RedisEval {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>;
}

export const redisCounter = (redis: RedisEval, nameSpace: string): AmountCounter => ({
  async add(key, amount, windowMs) {
    const [current, ttl] = (await redis.eval(REDIS_ADD, 1, nameSpace + key, amount, windowMs)) as [
      number,
      number,
    ];
    return { current, ttl };
  },
});

/** Counted in KiB: PostgreSQL's counter is an integer, and 2^31 KiB is 2 TiB. */
const UNIT = 1024;

/**
 * The bytes each person may upload per window, every way in together (decision 0560): the routes
 * take what a request declares before reading its body, the import job what each track holds.
 */
export class UploadBytesBudget {
  constructor(
    private readonly counter: AmountCounter,
    /** 0: no budget. */
    readonly maxBytes: number,
    private readonly onError: (err: unknown) => void,
    readonly timeWindow: number = UPLOAD_BYTES_BUDGET.timeWindow,
  ) {}

  /**
   * Takes `bytes` of the person's budget: 0 when they fit, else the milliseconds until the window
   * ends, and nothing is taken. An upload alone in its window always fits (MAX_UPLOAD_BYTES bounds
   * it), so a budget below the largest file never locks anyone out. A store that fails lets the
   * upload through, as the plugin's limits do (skipOnError). 0 bytes: whether any budget is left.
   */
  async take(userId: string, bytes: number): Promise<number> {
    if (this.maxBytes === 0) return 0;
    const key = `upload-bytes:user:${userId}`;
    const units = Math.ceil(bytes / UNIT);
    try {
      const { current, ttl } = await this.counter.add(key, units, this.timeWindow);
      if (current <= Math.floor(this.maxBytes / UNIT) || current === units) return 0;
      await this.counter.add(key, -units, this.timeWindow);
      return Math.max(ttl, 1);
    } catch (err) {
      this.onError(err);
      return 0;
    }
  }

  /** Counts bytes already received without a say (a chunked body, which declared none beforehand). */
  async spend(userId: string, bytes: number): Promise<void> {
    if (this.maxBytes === 0) return;
    await this.counter
      .add(`upload-bytes:user:${userId}`, Math.ceil(bytes / UNIT), this.timeWindow)
      .catch(this.onError);
  }
}

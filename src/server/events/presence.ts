import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { PRESENCE_EXPIRY_SECONDS } from '../db/online-users';
import { presence } from '../db/schema';

/** How often this instance refreshes its rows: three missed beats and they expire (db/online-users.ts). */
export const PRESENCE_HEARTBEAT_MS = 20_000;

type Log = { warn(obj: object, msg: string): void };

/**
 * This instance's share of the presence table: how many streams it holds per user, written through
 * to the database so every instance agrees. Writes for one user are chained, each making the row
 * match the count at that moment, so a quick open-close-open always ends in the right state.
 */
export class PresenceTracker {
  private readonly streams = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    readonly instanceId: string,
    private readonly log: Log,
  ) {}

  /** Refreshes this instance's rows and deletes expired ones, every heartbeat (0: never; tests beat by hand). */
  start(heartbeatMs = PRESENCE_HEARTBEAT_MS) {
    if (heartbeatMs <= 0) return;
    this.timer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  opened(userId: string): Promise<void> {
    this.streams.set(userId, (this.streams.get(userId) ?? 0) + 1);
    return this.sync(userId);
  }

  closed(userId: string): Promise<void> {
    const left = (this.streams.get(userId) ?? 1) - 1;
    if (left > 0) this.streams.set(userId, left);
    else this.streams.delete(userId);
    return this.sync(userId);
  }

  /**
   * Re-asserts every row this instance should have (one the sweep of another instance removed
   * during a database outage comes back, announcing the user online again), then sweeps.
   */
  async heartbeat() {
    if (this.stopped) return;
    try {
      await this.write([...this.streams]);
      await this.db
        .delete(presence)
        .where(lt(presence.lastSeen, sql`now() - make_interval(secs => ${PRESENCE_EXPIRY_SECONDS})`));
    } catch (err) {
      this.log.warn(
        { err: { message: (err as Error).message } },
        'Presence heartbeat failed; retrying next beat',
      );
    }
  }

  /** Resolves once the writes asked for so far are done (tests). */
  async settled() {
    await Promise.all(this.pending.values());
  }

  /** The app is closing: wait for writes under way, then take this instance's rows away. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all(this.pending.values());
    this.streams.clear();
    await this.db.delete(presence).where(eq(presence.instanceId, this.instanceId));
  }

  private sync(userId: string): Promise<void> {
    const previous = this.pending.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (this.stopped) return;
      const count = this.streams.get(userId) ?? 0;
      try {
        if (count > 0) await this.write([[userId, count]]);
        else
          await this.db
            .delete(presence)
            .where(and(eq(presence.userId, userId), eq(presence.instanceId, this.instanceId)));
      } catch (err) {
        // The next heartbeat writes the row again; a row left behind expires.
        this.log.warn({ err: { message: (err as Error).message } }, 'Presence update failed');
      }
    });
    this.pending.set(userId, next);
    void next.then(() => {
      if (this.pending.get(userId) === next) this.pending.delete(userId);
    });
    return next;
  }

  /** Upserts (user, streams) rows of this instance; a user deleted meanwhile is skipped. */
  private async write(rows: [string, number][]) {
    if (rows.length === 0) return;
    const json = JSON.stringify(rows.map(([userId, streams]) => ({ user_id: userId, streams })));
    await this.db.execute(sql`
      insert into ${presence} (user_id, instance_id, streams, last_seen)
      select c.user_id, ${this.instanceId}, c.streams, now()
        from json_to_recordset(${json}::json) as c(user_id text, streams int)
        join users on users.id = c.user_id
      on conflict (user_id, instance_id) do update set streams = excluded.streams, last_seen = excluded.last_seen`);
  }
}

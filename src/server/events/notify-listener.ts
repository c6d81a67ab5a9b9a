import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { QueueConnection } from '../db/client';

/** The database as the event bus reaches it: the same handle the job queue gets (db/client.ts). */
export type ListenConnection = QueueConnection;

export interface NotifyListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  channel: string;
  onPayload(payload: string): void;
  /**
   * Further channels on the same connection (still one LISTEN connection per instance), each told
   * when it listens (at start and after every reconnection) and when the connection is lost.
   */
  more?: readonly NotifyChannel[];
  /**
   * PostgreSQL only: the listening connection came back after a loss. Notifications sent while it
   * was gone are lost for good, so whoever listens must assume they missed something.
   */
  onReconnected(): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** First delay before reconnecting (doubled each failure up to 30 s); tests shorten it. */
  retryDelayMs?: number;
}

/** A channel listened to beside the main one (ListenOptions.more). */
export interface NotifyChannel {
  channel: string;
  onPayload(payload: string): void;
  /** Every commit from now on will be heard (called once the LISTEN is in place). */
  onListening(): void;
  /** The connection is gone (or closed): announcements may be missed until onListening. */
  onLost(): void;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * One LISTEN per instance (decision 0100). PGlite runs in this process, so its own `listen` hands
 * notifications over; PostgreSQL gets a dedicated client outside the pool (a pooled connection
 * would stop listening as soon as it went back to the pool) that reconnects with backoff.
 */
export async function listenForNotifications(
  connection: ListenConnection,
  options: ListenOptions,
): Promise<NotifyListener> {
  if (connection.kind === 'pglite') return listenOnPglite(connection.client, options);
  const listener = new PostgresListener(connection.connectionString, options);
  await listener.start();
  return listener;
}

async function listenOnPglite(client: PGlite, options: ListenOptions): Promise<NotifyListener> {
  const unlisten = [await client.listen(options.channel, options.onPayload)];
  // PGlite runs in this process: its listener is never lost, and hears a commit before it returns.
  for (const more of options.more ?? []) {
    unlisten.push(await client.listen(more.channel, more.onPayload));
    more.onListening();
  }
  return {
    async close() {
      for (const more of options.more ?? []) more.onLost();
      // Closing the database first (tests sharing one PGlite) already ended every listener.
      if (!client.closed) for (const stop of unlisten) await stop();
    },
  };
}

class PostgresListener implements NotifyListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private delayMs: number;

  constructor(
    private readonly connectionString: string,
    private readonly options: ListenOptions,
  ) {
    this.delayMs = options.retryDelayMs ?? 500;
  }

  /** The first connection must work (start-up fails loudly otherwise); later ones are retried. */
  async start() {
    await this.connect();
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === this.options.channel) this.options.onPayload(message.payload);
      else this.options.more?.find((more) => more.channel === message.channel)?.onPayload(message.payload);
    });
    // 'error' then 'end' on a lost connection; only 'end' reconnects, so a loss is handled once.
    client.on('error', (err) =>
      this.options.log.warn({ err: { message: err.message } }, 'Event listener error'),
    );
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of [this.options.channel, ...(this.options.more ?? []).map((m) => m.channel)])
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      // Closed while this connection was being made: it must not outlive the app.
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    for (const more of this.options.more ?? []) more.onListening();
  }

  private lost(client: pg.Client) {
    if (this.closed || client !== this.client) return;
    this.client = undefined;
    for (const more of this.options.more ?? []) more.onLost();
    this.options.log.warn({ retryInMs: this.delayMs }, 'Event listener connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.retryTimer = setTimeout(async () => {
      if (this.closed) return;
      try {
        await this.connect();
        this.delayMs = this.options.retryDelayMs ?? 500;
        this.options.log.info({}, 'Event listener reconnected');
        this.options.onReconnected();
      } catch (err) {
        this.options.log.warn(
          { err: { message: (err as Error).message }, retryInMs: this.delayMs },
          'Event listener could not reconnect; trying again',
        );
        this.delayMs = Math.min(this.delayMs * 2, MAX_RETRY_DELAY_MS);
        this.scheduleReconnect();
      }
    }, this.delayMs);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    for (const more of this.options.more ?? []) more.onLost();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

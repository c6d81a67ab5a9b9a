import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '../../shared/schemas/events';

/**
 * A reader that does not keep up (its socket buffer past this) is cut off rather than buffered
 * without end; its browser reconnects and refetches (the `ready` event after a reconnect).
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open `GET /api/events` response: writes server-sent-event frames to it. */
export class LiveStream {
  constructor(
    readonly userId: string,
    private readonly raw: ServerResponse,
  ) {}

  send({ event, data }: LiveEvent) {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: keeps proxies and load balancers from closing an idle stream. */
  heartbeat() {
    this.write(': heartbeat\n\n');
  }

  end() {
    if (!this.raw.writableEnded) this.raw.end();
  }

  private write(frame: string) {
    if (this.raw.writableEnded || this.raw.destroyed) return;
    if (this.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.raw.destroy();
      return;
    }
    this.raw.write(frame);
  }
}

/** The streams this instance holds, by user. */
export class LiveStreams {
  private readonly byUser = new Map<string, Set<LiveStream>>();

  add(stream: LiveStream) {
    const set = this.byUser.get(stream.userId) ?? new Set();
    set.add(stream);
    this.byUser.set(stream.userId, set);
  }

  remove(stream: LiveStream) {
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  /** Users with at least one stream here: the only ones an incoming change is checked for. */
  userIds(): string[] {
    return [...this.byUser.keys()];
  }

  sendTo(userIds: Iterable<string>, event: LiveEvent) {
    for (const userId of userIds) for (const stream of this.byUser.get(userId) ?? []) stream.send(event);
  }

  broadcast(event: LiveEvent) {
    this.sendTo(this.userIds(), event);
  }

  /** App closing: end every stream so the server's close does not wait on them. */
  endAll() {
    for (const set of this.byUser.values()) for (const stream of set) stream.end();
  }
}

import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LiveEvent, StreamCloseReason } from '../../shared/schemas/events';

/**
 * A reader that does not keep up (its socket buffer past this) is cut off rather than buffered
 * without end; its browser reconnects and refetches (the `ready` event after a reconnect).
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * How a session is named on the bus (drizzle/0015): the sha256 of its id, never the id itself,
 * which is a bearer credential.
 */
export const sessionBusKey = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** One open `GET /api/events` response: writes server-sent-event frames to it. */
export class LiveStream {
  /** The session's name on the bus (sessionBusKey). */
  readonly sessionKey: string;

  constructor(
    readonly userId: string,
    /** The session the stream was opened with: when it ends, so does the stream (decision 0240). */
    readonly sessionId: string,
    private readonly raw: ServerResponse,
  ) {
    this.sessionKey = sessionBusKey(sessionId);
  }

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

  /** Ends the stream, telling the browser why first, so that it does not simply reconnect. */
  close(reason: StreamCloseReason) {
    this.send({ event: 'streamClosed', data: { reason } });
    this.end();
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

/** The streams this instance holds, by user (each user's in the order they opened). */
export class LiveStreams {
  private readonly byUser = new Map<string, Set<LiveStream>>();

  /**
   * @param maxPerUser A person's streams on this instance past this many close, oldest first
   *   (decision 0241): tabs are cheap to open, sockets and memory are not.
   */
  constructor(private readonly maxPerUser = Number.POSITIVE_INFINITY) {}

  add(stream: LiveStream) {
    const set = this.byUser.get(stream.userId) ?? new Set();
    set.add(stream);
    this.byUser.set(stream.userId, set);
    for (const oldest of set) {
      if (set.size <= this.maxPerUser) break;
      // Removed now, not when its socket closes, so the count is right for the next stream.
      set.delete(oldest);
      oldest.close('tooManyStreams');
    }
  }

  remove(stream: LiveStream) {
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  /** Streams open here (the journal_event_streams_open gauge). */
  get size(): number {
    let open = 0;
    for (const set of this.byUser.values()) open += set.size;
    return open;
  }

  /** Users with at least one stream here: the only ones an incoming change is checked for. */
  userIds(): string[] {
    return [...this.byUser.keys()];
  }

  /** The sessions the open streams were opened with. */
  sessionIds(): string[] {
    return [...new Set([...this.all()].map((stream) => stream.sessionId))];
  }

  sendTo(userIds: Iterable<string>, event: LiveEvent) {
    for (const userId of userIds) for (const stream of this.byUser.get(userId) ?? []) stream.send(event);
  }

  broadcast(event: LiveEvent) {
    this.sendTo(this.userIds(), event);
  }

  /** Ends the streams whose session ended (`which` says which); returns how many. */
  endSessions(which: (stream: LiveStream) => boolean): number {
    let ended = 0;
    for (const stream of [...this.all()]) {
      if (!which(stream)) continue;
      this.remove(stream);
      stream.close('sessionEnded');
      ended += 1;
    }
    return ended;
  }

  /** App closing: end every stream so the server's close does not wait on them. */
  endAll() {
    for (const stream of this.all()) stream.end();
  }

  private *all(): Generator<LiveStream> {
    for (const set of this.byUser.values()) yield* set;
  }
}

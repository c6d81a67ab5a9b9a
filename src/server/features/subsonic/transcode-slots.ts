import { SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * Who may run ffmpeg for /rest stream on this instance, and who waits (issue 41, decision 0535).
 * Each transcode takes a core while it encodes faster than real time, so there are few slots (the
 * cores, at least 2: TRANSCODE_SLOTS), and one person holds at most one of them: their next
 * transcode waits in line until theirs ends, so nobody's second (or tenth) stream can keep others
 * out. Per instance, as the upload slots (decision 0251): what it protects is this machine's cores.
 */
export interface TranscodeSlotsOptions {
  slots: number;
  /** How long a request waits in line before it is told the server is busy (default TRANSCODE_WAIT_MS). */
  waitMs?: number;
}

/** A person's transcodes running at once: a player streams one track at a time. */
export const TRANSCODES_PER_PERSON = 1;

/**
 * Long enough for a skip (the player drops the old stream as it asks for the next, and the old
 * ffmpeg is gone within milliseconds) or a slot freed by a stalled listener being cut; shorter
 * than players' read timeouts (ExoPlayer's is 8 s), so they get an answer rather than a timeout.
 */
export const TRANSCODE_WAIT_MS = 5_000;

/** What a refused player is told to wait: about one line's wait. */
export const TRANSCODE_BUSY_RETRY_AFTER_SECONDS = 5;

export const TRANSCODE_BUSY_MESSAGE = 'The server is busy transcoding: try again in a moment';

/** The busy answer: the envelope's generic code (0), as the protocol has no better one. */
export class TranscodeBusy extends SubsonicError {
  constructor() {
    super(SubsonicCode.generic, TRANSCODE_BUSY_MESSAGE);
  }
}

interface Waiter {
  personId: string;
  grant: () => void;
}

export class TranscodeSlots {
  private running = 0;
  private readonly held = new Map<string, number>();
  /** Oldest first; a waiter is served as soon as a slot is free and its person holds none. */
  private readonly line: Waiter[] = [];
  readonly slots: number;
  private readonly waitMs: number;

  constructor(opts: TranscodeSlotsOptions) {
    this.slots = opts.slots;
    this.waitMs = opts.waitMs ?? TRANSCODE_WAIT_MS;
  }

  /**
   * Resolves with the slot's release (idempotent) once `personId` may start a transcode; rejects
   * with TranscodeBusy after the wait, or with the signal's reason once the client has gone.
   */
  take(personId: string, signal?: AbortSignal): Promise<() => void> {
    if (this.mayStart(personId)) return Promise.resolve(this.hold(personId));
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        const at = this.line.indexOf(waiter);
        if (at >= 0) this.line.splice(at, 1);
      };
      const gone = () => {
        leave();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        personId,
        grant: () => {
          leave();
          resolve(this.hold(personId));
        },
      };
      const timer = setTimeout(() => {
        leave();
        reject(new TranscodeBusy());
      }, this.waitMs);
      timer.unref();
      if (signal?.aborted) return gone();
      signal?.addEventListener('abort', gone, { once: true });
      this.line.push(waiter);
    });
  }

  /** Transcodes running here, and those of one person (tests, logs). */
  inUse(personId?: string): number {
    return personId === undefined ? this.running : (this.held.get(personId) ?? 0);
  }

  /** Requests waiting in line. */
  waiting(): number {
    return this.line.length;
  }

  private mayStart(personId: string): boolean {
    return this.running < this.slots && (this.held.get(personId) ?? 0) < TRANSCODES_PER_PERSON;
  }

  private hold(personId: string): () => void {
    this.running += 1;
    this.held.set(personId, (this.held.get(personId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const left = (this.held.get(personId) ?? 1) - 1;
      if (left > 0) this.held.set(personId, left);
      else this.held.delete(personId);
      this.serveLine();
    };
  }

  /** Hands free slots to the oldest waiters who may start; a person still holding one is passed over. */
  private serveLine() {
    for (const waiter of [...this.line]) {
      if (this.running >= this.slots) return;
      if (this.mayStart(waiter.personId)) waiter.grant();
    }
  }
}

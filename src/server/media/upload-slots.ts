import { UPLOADS_AT_ONCE } from '../../shared/constants';
import { HttpError } from '../plugins/errors';

/**
 * When a refused upload may try again. Nobody knows when one of the person's other uploads ends;
 * a few seconds keeps a waiting browser responsive without making it knock often.
 */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export const tooManyUploadsMessage = (perPerson: number) =>
  `Too many uploads at once: at most ${perPerson} of yours can be received at the same time. This one can start when another has finished.`;

/**
 * The uploads each person has in progress on this instance (decision 0251). Per instance, like the
 * event stream cap (decision 0241): what it protects (sockets, temp files, timers) is per instance,
 * and a shared count would be left wrong by an instance that crashed while holding slots.
 */
export class UploadSlots {
  private readonly inUse = new Map<string, number>();

  constructor(readonly perPerson: number = UPLOADS_AT_ONCE.perPerson) {}

  /**
   * Takes one of the person's slots, or throws 429 (with Retry-After) when all are taken. The
   * returned release may be called any number of times; only the first gives the slot back.
   */
  take(personId: string): () => void {
    const used = this.inUse.get(personId) ?? 0;
    if (used >= this.perPerson) {
      throw new HttpError(429, tooManyUploadsMessage(this.perPerson), {
        'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
      });
    }
    this.inUse.set(personId, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inUse.get(personId) ?? 1) - 1;
      if (left > 0) this.inUse.set(personId, left);
      else this.inUse.delete(personId);
    };
  }

  /** Uploads the person has in progress here (tests, logs). */
  count(personId: string): number {
    return this.inUse.get(personId) ?? 0;
  }
}

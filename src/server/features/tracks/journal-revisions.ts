import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { runAsRoute, turnOfThisWork } from '../../db/route-shares';
import { users } from '../../db/schema';
import { changesData } from '../../plugins/access-cache';

/** Where the database announces each journal's new revision (migrations 0031 and 0049's trigger). */
export const JOURNAL_REVISION_CHANNEL = 'journal_revision';
/**
 * The revision a write's reply carries, and a list read may send back (decision 0490's issue-48
 * addendum): "serve me a list at least this new".
 */
export const JOURNAL_REVISION_HEADER = 'x-journal-revision';
/**
 * Whose work a write's revision read is (decision 0945): not the write's route. A primary-key read
 * that never waits for a lock, it queued in the write's share of the pool behind the route's other
 * writes, each waiting for the owner's row: 70–80 ms at p50 under 50 edit loops, and the replies
 * then left together as a freed connection ran the queued reads one after another.
 */
export const REVISION_AFTER_WRITE_ROUTE = 'journal revision after a write';
/** How many people's revisions are held; past that the least recently asked go first. */
const MAX_HELD = 50_000;

/**
 * Each journal's current revision (users.journal_revision, decision 0084), asked by every request
 * for the whole list before it may answer from the list cache.
 *
 * Held in memory and renewed by the database's own announcements (a trigger on `users` NOTIFYs
 * `journal_revision` at every commit that renews one), which this instance's one LISTEN connection
 * receives (decision 0100): an unchanged list is answered without any query. Only while that
 * connection listens: before it, and from the moment it is lost until it listens again, nothing is
 * held and every revision is read (a primary-key lookup), since announcements sent meanwhile are
 * gone for good.
 *
 * Revisions of one journal only grow in commit order (each is taken with the owner's row locked,
 * migration 0031), so what is held is the largest heard or read. An announcement reaches another
 * instance a moment after the commit (on PGlite, in this process, before the commit returns):
 * meanwhile that instance may answer the list it holds. A client that wrote sends the revision its
 * write's reply carried (`x-journal-revision`), and a held revision below it is read again: a
 * person always sees their own writes, whichever instance answers.
 */
export class JournalRevisions {
  readonly #held = new Map<string, number>();
  /** Renewed when listening starts or stops: a read begun before is not kept. */
  #epoch = 0;
  #listening = false;
  /** Accounts deleted so far: a read that overlapped a deletion is not kept. */
  #deletions = 0;
  readonly #writeListeners: ((userId: string, revision: number) => void)[] = [];
  /** Web writes under way per person on this instance (journalRevisionReplies counts them). */
  readonly #writing = new Map<string, number>();

  constructor(
    private readonly db: Database,
    /** Announcements arrive before the writing commit returns (PGlite, in this process). */
    private readonly inProcess = false,
  ) {}

  /** The LISTEN is in place: every revision committed from now on will be announced here. */
  listening(): void {
    this.#held.clear();
    this.#epoch += 1;
    this.#listening = true;
  }

  /** The LISTEN connection is gone (or the app closes): what is held may miss announcements. */
  lost(): void {
    this.#held.clear();
    this.#epoch += 1;
    this.#listening = false;
  }

  /** Whether revisions are held (tests; /api/health could tell too). */
  get isListening(): boolean {
    return this.#listening;
  }

  /** The revision held for this person, without any query; undefined when none is. */
  known(userId: string): number | undefined {
    return this.#held.get(userId);
  }

  /**
   * The journal's revision, at least `atLeast` (a token the client got from its own write): from
   * memory when held and not below it, else read. Undefined when the person no longer exists.
   */
  async current(userId: string, atLeast = 0): Promise<number | undefined> {
    const known = this.#held.get(userId);
    if (known !== undefined && known >= atLeast) {
      this.#held.delete(userId); // re-inserted last: most recently asked
      this.#held.set(userId, known);
      return known;
    }
    return this.#read(userId);
  }

  /**
   * The revision after this request's write committed, for its reply: from memory where the
   * database announces before the commit returns, else read (an announcement may still be on its
   * way, and the reply must not name an older revision than the write's).
   */
  async afterWrite(userId: string): Promise<number | undefined> {
    const known = this.inProcess && this.#listening ? this.#held.get(userId) : undefined;
    return known ?? this.#read(userId);
  }

  /**
   * Calls `listener` with the revision a write of this instance's web API left its writer at, when
   * no other write of theirs is under way here: only then is the list they ask for next likely to
   * be at that very revision (decision 0908).
   */
  onOwnWrite(listener: (userId: string, revision: number) => void): void {
    this.#writeListeners.push(listener);
  }

  /** A web write of `userId` begins here; the function returned marks its end (once). */
  writing(userId: string): () => void {
    this.#writing.set(userId, (this.#writing.get(userId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.#writing.get(userId) ?? 1) - 1;
      if (left > 0) this.#writing.set(userId, left);
      else this.#writing.delete(userId);
    };
  }

  /** A write of `userId` on this instance committed at `revision`, its reply about to leave. */
  wrote(userId: string, revision: number): void {
    if ((this.#writing.get(userId) ?? 0) > 1) return;
    for (const listener of this.#writeListeners) listener(userId, revision);
  }

  /** `<user id> <revision>` for a new revision, `<user id>` alone for a deleted account. */
  heard(payload: string): void {
    if (!this.#listening) return;
    const [userId, revision] = payload.split(' ');
    if (!userId) return;
    if (revision === undefined) {
      this.#deletions += 1;
      this.#held.delete(userId);
      return;
    }
    this.#hold(userId, Number(revision));
  }

  async #read(userId: string): Promise<number | undefined> {
    const epoch = this.#epoch;
    const deletions = this.#deletions;
    const revision = await readRevision(this.db, userId);
    if (revision === undefined) return undefined;
    // Kept only when no announcement can have been missed since the read began.
    if (!this.#listening || epoch !== this.#epoch || deletions !== this.#deletions) return revision;
    return this.#hold(userId, revision);
  }

  /** Holds the larger of `revision` and what is held; returns it. */
  #hold(userId: string, revision: number): number {
    const held = this.#held.get(userId);
    const newest = held !== undefined && held > revision ? held : revision;
    this.#held.delete(userId);
    this.#held.set(userId, newest);
    if (this.#held.size > MAX_HELD) {
      const oldest = this.#held.keys().next().value;
      if (oldest !== undefined) this.#held.delete(oldest);
    }
    return newest;
  }
}

/** The token a list read sent: a whole number of at most 15 digits, else none. */
export function revisionToken(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,15}$/.test(text) ? Number(text) : 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's journal revisions (the list route; tests wait for announcements). */
    journalRevisions: JournalRevisions;
  }
}

/**
 * Every successful write of a signed-in person on the web API answers with their journal's
 * revision after it (`x-journal-revision`), whatever the write was: no route can forget, as no
 * writer can forget to renew the revision (decision 0084's triggers). Registered before the
 * features, so its hook reaches all their routes.
 */
export const journalRevisionReplies = fp(
  async (app: FastifyInstance, opts: { revisions: JournalRevisions; enabled: boolean }) => {
    app.decorate('journalRevisions', opts.revisions);
    // Without the list cache (TRACK_LIST_CACHE_MB=0) every list is read whole: no token needed.
    if (!opts.enabled) return;
    // Each signed-in write counts as under way from its handlers until its connection lets go of
    // the reply ('close' comes whether it finished or was cut off).
    app.addHook('preHandler', async (request, reply) => {
      const userId = request.session?.userId;
      if (!userId || !changesData(request)) return;
      reply.raw.once('close', opts.revisions.writing(userId));
    });
    app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
      const user = request.currentUser;
      if (!user || reply.statusCode >= 400 || !changesData(request) || !request.url.startsWith('/api/'))
        return payload;
      try {
        const revision = await runAsRoute(
          REVISION_AFTER_WRITE_ROUTE,
          () => opts.revisions.afterWrite(user.id),
          false,
          turnOfThisWork()?.order,
        );
        if (revision !== undefined) {
          reply.header(JOURNAL_REVISION_HEADER, String(revision));
          opts.revisions.wrote(user.id, revision);
        }
      } catch (err) {
        // The write is done: its reply goes without the token (the next list read may be older).
        request.log.warn(
          { err: { message: (err as Error).message } },
          'Journal revision not read after a write',
        );
      }
      return payload;
    });
  },
);

/** The one indexed lookup (primary key) of the owner's current revision; prepared (decision 0510). */
const revisionOf = preparedOnce((db) =>
  db
    .select({ revision: users.journalRevision })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('journal_revision_of'),
);

async function readRevision(db: Database, userId: string): Promise<number | undefined> {
  const [row] = await revisionOf(db).execute({ userId });
  return row?.revision;
}

import { eq, sql } from 'drizzle-orm';
import type { Database, QueueConnection } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { users } from '../../db/schema';

/** Where the database announces each journal's new revision (migration 0031's trigger). */
const CHANNEL = 'journal_revision';
/** How many people's revisions are held; past that the least recently asked go first. */
const MAX_HELD = 50_000;

/**
 * Each journal's current revision (users.journal_revision, decision 0084), asked by every request
 * for the whole list before it may answer from the list cache.
 *
 * On PostgreSQL it is read each time: another instance may have just written, and a primary-key
 * lookup on a pooled connection costs little. On PGlite (decision 0490) the one connection is shared
 * by every request and job, so a read waits behind whatever heavy query runs; but PGlite lives in
 * this process and delivers the database's NOTIFY before the writing transaction's commit returns,
 * so revisions are held in memory and replaced as the database announces them: read-your-writes
 * holds, and a list served from the cache waits for no query at all.
 */
export class JournalRevisions {
  readonly #held = new Map<string, number>();
  /** Announcements received: a read that overlapped one may be older than it, and is not kept. */
  #announced = 0;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Database) {}

  /** Starts holding revisions when the database is this process's PGlite; otherwise does nothing. */
  async listen(connection: QueueConnection | undefined): Promise<void> {
    if (connection?.kind !== 'pglite') return;
    const client = connection.client;
    // A session setting: PGlite has exactly one session, so it holds for every later transaction.
    await client.exec(`set journal.revision_notify = 'on'`);
    const unlisten = await client.listen(CHANNEL, (payload) => this.#announce(payload));
    this.#unlisten = async () => {
      // Closing the database first (tests sharing one PGlite) already ended every listener.
      if (!client.closed) await unlisten();
    };
  }

  async close(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    this.#held.clear();
    await unlisten?.();
  }

  /** The journal's revision now; undefined when the person no longer exists. */
  async current(userId: string): Promise<number | undefined> {
    if (!this.#unlisten) return readRevision(this.db, userId);
    const known = this.#held.get(userId);
    if (known !== undefined) {
      this.#held.delete(userId); // re-inserted last: most recently asked
      this.#held.set(userId, known);
      return known;
    }
    const announced = this.#announced;
    const revision = await readRevision(this.db, userId);
    if (revision !== undefined && announced === this.#announced) this.#hold(userId, revision);
    return revision;
  }

  /** `<user id> <revision>` for a new revision, `<user id>` alone for a deleted account. */
  #announce(payload: string) {
    this.#announced += 1;
    const [userId, revision] = payload.split(' ');
    if (!userId) return;
    this.#held.delete(userId);
    if (revision !== undefined && this.#unlisten) this.#hold(userId, Number(revision));
  }

  #hold(userId: string, revision: number) {
    this.#held.set(userId, revision);
    if (this.#held.size > MAX_HELD) {
      const oldest = this.#held.keys().next().value;
      if (oldest !== undefined) this.#held.delete(oldest);
    }
  }
}

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

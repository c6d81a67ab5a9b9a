import { and, count, eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { kickBlobDeletions } from '../../jobs/blob-deletions';
import type { JobQueue } from '../../jobs/job-queue';
import type { BlobStore } from '../../storage/blob-store';
import { deleteAccounts } from '../account/account-deletion.service';
import { enqueueTrackProcessing } from '../tracks/track-processing.service';
import { findUserById, type UserRow } from '../users/users.service';
import { demoExpiryCutoff, isLiveDemoAccount } from './demo.policy';
import { seedDemoContent } from './demo-content';
import { freeDemoName } from './demo-names';

/** For the media job, which shares the samples' measures between demo accounts (decision 0918). */
export { isDemoSampleHash } from './demo-content';

/** At most this many demo accounts live at once (decision 0029): each holds rows and ~600 KB of files. */
export const DEMO_MAX_LIVE_ACCOUNTS = 1000;
/** Accounts deleted per transaction by the sweep, so one sweep never holds a huge lock set. */
const SWEEP_BATCH = 100;

export interface DemoDeps {
  db: Database;
  store: BlobStore;
  tempDir: string;
  ttlHours: number;
  /** Sample tracks are processed (waveform, loudness) like any upload. */
  queue: JobQueue;
  log?: FastifyBaseLogger;
}

/** The caller's own demo account, if the session belongs to one that has not expired. */
export async function findLiveDemoAccount(deps: DemoDeps, userId: string | undefined) {
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  return isLiveDemoAccount(user, deps.ttlHours) ? user : undefined;
}

/** Whether the cap on live demo accounts is reached (a soft cap: racing sign-ins may pass it by a few). */
export async function demoAccountsFull(deps: DemoDeps): Promise<boolean> {
  const [live] = await deps.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isDemo, true), gt(users.createdAt, demoExpiryCutoff(deps.ttlHours))));
  return (live?.n ?? 0) >= DEMO_MAX_LIVE_ACCOUNTS;
}

/** A fresh demo account of its own for one visitor, with sample content in its journal. */
export async function createDemoAccount(deps: DemoDeps): Promise<UserRow> {
  const { db } = deps;

  // No username and no email: both are unique, and a demo account must never hold one a real
  // person wants (decision 0028). A friendly name of its own, so visitors can be told apart (0285).
  const name = await freeDemoName(db, deps.ttlHours);
  const [user] = await db
    .insert(users)
    .values({
      // The id is the database's, like everyone's (decision 0200); no identity either (0201).
      ...name,
      isDemo: true,
    })
    .returning();
  if (!user) throw new Error('Demo account insert returned nothing');
  let trackIds: number[];
  try {
    trackIds = await seedDemoContent(db, deps.store, deps.tempDir, user.id);
  } catch (err) {
    // A half-seeded account is of no use to anyone: take it back with whatever it got.
    await removeDemoAccounts(deps, inArray(users.id, [user.id]));
    throw err;
  }
  for (const trackId of trackIds) {
    // Not queued now: still `pending`, so the next start-up queues it (decision 0039).
    await enqueueTrackProcessing(deps.queue, trackId).catch((err: unknown) =>
      deps.log?.warn({ err, trackId }, 'Could not queue a demo track for processing'),
    );
  }
  return user;
}

/**
 * Deletes every demo account older than the TTL with all its rows (they cascade) and files.
 * Safe on several instances at once: each batch locks its accounts with SKIP LOCKED, so two
 * sweepers never take the same account.
 */
export async function sweepExpiredDemoAccounts(deps: DemoDeps, now: Date = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await removeDemoAccounts(deps, lt(users.createdAt, demoExpiryCutoff(deps.ttlHours, now)));
    removed += batch;
    if (batch < SWEEP_BATCH) return removed;
  }
}

/**
 * One batch of demo accounts matching `where`, deleted as any account is (deleteAccounts), in one
 * transaction. Their files
 * (tracks, avatar, covers, collective images) are queued for removal by the database in that same
 * transaction, whichever row held them (decision 0095), and the drain is asked for once it commits.
 */
async function removeDemoAccounts(deps: DemoDeps, where: SQL | undefined): Promise<number> {
  const ids = await deps.db.transaction(async (tx) => {
    const doomed = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isDemo, true), where))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const ids = doomed.map((u) => u.id);
    if (ids.length === 0) return ids;
    // A track being added waits for the account's row lock and then finds its owner gone. The same
    // path as a person deleting their own account (decision 0420).
    await deleteAccounts(tx, ids);
    return ids;
  });
  if (ids.length > 0) await kickBlobDeletions(deps.queue, deps.log);
  return ids.length;
}

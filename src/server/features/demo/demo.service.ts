import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { collectives, playlists, sessions, tracks, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { deleteImageVariants } from '../../media/image-variants';
import type { BlobStore } from '../../storage/blob-store';
import { enqueueTrackProcessing } from '../tracks/track-processing.service';
import { trackBlobKeys } from '../tracks/tracks.service';
import { findUserById, type UserRow } from '../users/users.service';
import { demoExpiryCutoff, isLiveDemoAccount } from './demo.policy';
import { seedDemoContent } from './demo-content';

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
  // person wants (decision 0028). Shown as "Demo User" by the display-name rule.
  const [user] = await db
    .insert(users)
    .values({
      id: `demo-${randomBytes(12).toString('base64url')}`,
      firstName: 'Demo',
      lastName: 'User',
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
 * sweepers never take the same account, and a file already gone is not an error.
 */
export async function sweepExpiredDemoAccounts(deps: DemoDeps, now: Date = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await removeDemoAccounts(deps, lt(users.createdAt, demoExpiryCutoff(deps.ttlHours, now)));
    removed += batch;
    if (batch < SWEEP_BATCH) return removed;
  }
}

/** One batch of demo accounts matching `where`: rows in one transaction, then their files. */
async function removeDemoAccounts(deps: DemoDeps, where: SQL | undefined): Promise<number> {
  const { ids, trackKeys, imageUrls } = await deps.db.transaction(async (tx) => {
    const doomed = await tx
      .select({ id: users.id, avatarUrl: users.avatarUrl })
      .from(users)
      .where(and(eq(users.isDemo, true), where))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const ids = doomed.map((u) => u.id);
    if (ids.length === 0) return { ids, trackKeys: [], imageUrls: [] };
    // Everything is read under locks: a track being added waits for the account's row lock and
    // then finds its owner gone; a cover or collective image being replaced waits for its row,
    // so the URL read here is the committed one.
    const trackRows = await tx
      .select({ filepath: tracks.filepath, renditionKey: tracks.renditionKey, peaksKey: tracks.peaksKey })
      .from(tracks)
      .where(inArray(tracks.userId, ids))
      .for('update');
    const covers = await tx
      .select({ url: playlists.imageUrl })
      .from(playlists)
      .where(inArray(playlists.userId, ids))
      .for('update');
    const collectiveImages = await tx
      .select({ url: collectives.imageUrl })
      .from(collectives)
      .where(inArray(collectives.ownerId, ids))
      .for('update');
    await tx.delete(sessions).where(inArray(sql`${sessions.sess}->>'userId'`, ids));
    await tx.delete(users).where(inArray(users.id, ids));
    return {
      ids,
      trackKeys: trackRows.flatMap(trackBlobKeys),
      imageUrls: [
        ...doomed.map((u) => u.avatarUrl),
        ...covers.map((c) => c.url),
        ...collectiveImages.map((c) => c.url),
      ].filter((url): url is string => url !== null),
    };
  });
  // Files go only after the rows are committed: a rolled-back delete must not lose them.
  const removals = await Promise.allSettled([
    ...trackKeys.map((key) => deps.store.delete(key)),
    ...imageUrls.map((url) => deleteImageVariants(deps.store, url)),
  ]);
  for (const r of removals) {
    if (r.status === 'rejected') deps.log?.warn({ err: r.reason }, 'Could not remove a demo account file');
  }
  return ids.length;
}

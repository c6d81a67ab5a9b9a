import { count } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { blobDeletions } from '../server/db/schema';

/**
 * Waits until the blob-deletions outbox is empty (decision 0095): files of deleted or replaced rows
 * are removed by a queued drain after the commit, no longer by the request itself.
 */
export async function waitForBlobDeletions(db: Database, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select({ n: count() }).from(blobDeletions);
    if ((row?.n ?? 0) === 0) return;
    if (Date.now() > deadline)
      throw new Error(`blob_deletions still holds ${row?.n} rows after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

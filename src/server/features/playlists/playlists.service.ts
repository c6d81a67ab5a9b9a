import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { playlists } from '../../db/schema';

/** The user's own playlists, newest first. */
export function listOwnPlaylists(db: Database, userId: string) {
  return db.select().from(playlists).where(eq(playlists.userId, userId)).orderBy(desc(playlists.createdAt));
}

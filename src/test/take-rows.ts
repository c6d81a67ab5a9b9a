import type { tracks } from '../server/db/schema';

/**
 * The `i`-th take of `userId` as a row to insert straight into the database, uploaded a second
 * after the one before from 2024-01-01; `more` sets or overrides columns.
 */
export const takeRow = (userId: string, i: number, more: Partial<typeof tracks.$inferInsert> = {}) => ({
  userId,
  name: `Take ${i}`,
  filename: `take-${i}.wav`,
  filepath: `tracks/${userId}-${i}`,
  mimeType: 'audio/wav',
  size: 1000 + i,
  createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i)),
  ...more,
});

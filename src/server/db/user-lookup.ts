import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema';

// A person's row, as the session store and the auth guard (plugins/) load it for every request and
// features/users/users.service.ts hands on to the features; below both, so the plugins never import
// a feature (decision 0466).

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { notifications } from '../../db/schema';
import { type NewNotification, switchedOff } from './notifications.service';

type Commenter = { user_id: string; collective_id: number; playlist_id: number };

/**
 * Inbox entries for a new version of a track, in its transaction (decision 0226): everyone who
 * commented on the track in a collective they are still in, where the track is still shared, hears
 * "<owner> uploaded version N of <track>" once (linked to the collective of their latest comment),
 * unless they switched `new_version` off. The owner gets none.
 */
export async function notifyAboutNewVersion(
  tx: DbOrTx,
  v: { track: { id: number; userId: string }; version: number },
) {
  const result = await tx.execute(sql`
    select distinct on (c.user_id) c.user_id, c.collective_id,
           (select pt.playlist_id from playlist_tracks pt
              join playlist_collective_shares ps
                on ps.playlist_id = pt.playlist_id and ps.collective_id = c.collective_id
             where pt.track_id = c.track_id order by ps.id limit 1) as playlist_id
      from track_comments c
      join collective_members m on m.collective_id = c.collective_id and m.user_id = c.user_id
     where c.track_id = ${v.track.id} and c.user_id <> ${v.track.userId}
     order by c.user_id, c.created_at desc, c.id desc`);
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  const commenters = rowsOf<Commenter>(result).filter((r) => r.playlist_id !== null);
  const off = await switchedOff(
    tx,
    commenters.map((c) => c.user_id),
  );
  const rows: NewNotification[] = commenters
    .filter((c) => !off.has(`${c.user_id}:new_version`))
    .map((c) => ({
      userId: c.user_id,
      kind: 'new_version',
      actorId: v.track.userId,
      collectiveId: c.collective_id,
      playlistId: c.playlist_id,
      trackId: v.track.id,
      trackVersion: v.version,
    }));
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

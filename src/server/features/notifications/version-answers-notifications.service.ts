import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { notifications } from '../../db/schema';
import { type NewNotification, switchedOff } from './notifications.service';

type Recipient = {
  user_id: string;
  collective_id: number;
  id: number;
  at_seconds: number;
  playlist_id: number;
};

/**
 * "vN of “Track” answers your K comments" (issue 44, decision 0672), in the carrying transaction:
 * each author of a carried thread gets ONE entry, about their earliest carried thread (by moment on
 * the new version) in a collective they are still in where the track is still shared. Not the
 * owner, not a suspended account, not across a block either way with the owner, not with
 * `version_answers` switched off. The count is read with the entry (`answeredCount`).
 */
export async function notifyVersionAnswers(
  tx: DbOrTx,
  v: { track: { id: number; userId: string; version: number }; carried: { id: number; userId: string }[] },
) {
  const ids = v.carried.filter((c) => c.userId !== v.track.userId).map((c) => c.id);
  if (ids.length === 0) return;
  const owner = v.track.userId;
  const result = await tx.execute(sql`
    select distinct on (c.user_id) c.user_id, c.collective_id, c.id, c.at_seconds, s.playlist_id
      from track_comments c
      join collective_members m on m.collective_id = c.collective_id and m.user_id = c.user_id
      join users u on u.id = c.user_id and u.suspended_at is null
      join lateral (
        select pt.playlist_id from playlist_tracks pt
          join playlist_collective_shares ps
            on ps.playlist_id = pt.playlist_id and ps.collective_id = c.collective_id
         where pt.track_id = c.track_id order by ps.id limit 1) s on true
     where c.id in ${ids}
       and not exists (select 1 from user_blocks b
                        where (b.blocker_id = c.user_id and b.blocked_id = ${owner})
                           or (b.blocker_id = ${owner} and b.blocked_id = c.user_id))
     order by c.user_id, c.at_seconds, c.id`);
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  const recipients = rowsOf<Recipient>(result);
  const off = await switchedOff(
    tx,
    recipients.map((r) => r.user_id),
  );
  const rows: NewNotification[] = recipients
    .filter((r) => !off.has(`${r.user_id}:version_answers`))
    .map((r) => ({
      userId: r.user_id,
      kind: 'version_answers',
      actorId: owner,
      collectiveId: r.collective_id,
      playlistId: r.playlist_id,
      trackId: v.track.id,
      commentId: r.id,
      atSeconds: r.at_seconds,
      trackVersion: v.track.version,
    }));
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

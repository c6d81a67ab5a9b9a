import { type SQL, sql } from 'drizzle-orm';
import type { ActivityItem, ActivityPage } from '../../../shared/schemas/activity';
import { HIDDEN_COMMENT_TEXT } from '../../../shared/schemas/reports';
import type { VerdictStatus, VersionStatus } from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { imageUrlOf } from '../../media/image-url';
import { requireMembership } from '../collectives/collectives.service';
import { toUserSummary } from '../users/users.service';

type Row = {
  kind: ActivityItem['kind'];
  id: number;
  at: string | Date;
  /** The time to the microsecond: a cursor cut to milliseconds would repeat or skip rows. */
  at_key: string;
  actor_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_key: string | null;
  user_updated_at: string | Date;
  playlist_id: number | null;
  playlist_name: string | null;
  track_id: number | null;
  track_name: string | null;
  at_seconds: number | null;
  excerpt: string | null;
  parent_id: number | null;
  link_playlist_id: number | null;
  version_number: number | null;
  version_status: VersionStatus | null;
  version_verdict: VerdictStatus | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();

/** A page's cursor, `microseconds|kind|id` (the route's schema lets only such through). */
function cursorOf(before: string) {
  const [at, kind, id] = before.split('|');
  // Whole microseconds since the epoch: exact, and any number the schema lets through is a time.
  return { at: sql`(timestamptz 'epoch' + ${at}::bigint * interval '1 microsecond')`, kind, id: Number(id) };
}

/**
 * A collective's activity, newest first (issue 14, decision 0168): shares, joins, timed comments and
 * new versions of tracks in its shared playlists (decision 0224), a page at a time; the cursor is
 * the last item's (time, kind, id). Each kind reads only its own newest `limit + 1` past the cursor,
 * from an index in that order, before the four are merged and their names joined (decision 0911):
 * merging every comment a collective ever had first took 50 ms at 1,000 comments.
 */
export async function collectiveActivity(
  db: Database,
  collectiveId: number,
  userId: string,
  page: { before?: string; limit: number },
): Promise<ActivityPage> {
  await requireMembership(db, collectiveId, userId);
  const take = page.limit + 1;
  const cursor = page.before ? cursorOf(page.before) : undefined;
  // Within one kind the order is (time, id); the kind breaks ties between kinds at the same time.
  const after = (at: SQL, kind: string, id: SQL): SQL =>
    cursor
      ? sql`${at} <= ${cursor.at} and (${at}, ${kind}::text, ${id}) < (${cursor.at}, ${cursor.kind}::text, ${cursor.id}::integer)`
      : sql`true`;
  const result = await db.execute(sql`
    with e as (
      (select 'share'::text as kind, s.id, s.created_at as at, s.shared_by_user_id as actor_id,
              s.playlist_id, null::integer as track_id, null::integer as comment_id,
              null::integer as version_id
         from playlist_collective_shares s
        where s.collective_id = ${collectiveId} and ${after(sql`s.created_at`, 'share', sql`s.id`)}
        order by s.created_at desc, s.id desc limit ${take})
      union all
      (select 'join', m.id, m.joined_at, m.user_id, null, null, null, null
         from collective_members m
        where m.collective_id = ${collectiveId} and ${after(sql`m.joined_at`, 'join', sql`m.id`)}
        order by m.joined_at desc, m.id desc limit ${take})
      union all
      -- A thread carried to a new version (decision 0671) was said once: its copies are not news.
      (select 'comment', c.id, c.created_at, c.user_id, null, c.track_id, c.id, null
         from track_comments c
        where c.collective_id = ${collectiveId} and c.carried_from_version is null
          and ${after(sql`c.created_at`, 'comment', sql`c.id`)}
        order by c.created_at desc, c.id desc limit ${take})
      union all
      -- A new version of a track that sits in a playlist shared here (decision 0224). Version 1's
      -- row only keeps the first upload's file (decision 0430): it was no new version.
      (select 'version', v.id, v.created_at, vt.user_id, null, v.track_id, null, v.id
         from track_versions v join tracks vt on vt.id = v.track_id
        where v.version > 1 and exists (select 1 from playlist_tracks vpt
                        join playlist_collective_shares vps on vps.playlist_id = vpt.playlist_id
                       where vps.collective_id = ${collectiveId} and vpt.track_id = v.track_id)
          and ${after(sql`v.created_at`, 'version', sql`v.id`)}
        order by v.created_at desc, v.id desc limit ${take})
    ), newest as (
      select * from e order by e.at desc, e.kind desc, e.id desc limit ${take}
    )
    select e.kind, e.id, e.at, (extract(epoch from e.at) * 1000000)::bigint::text as at_key, e.actor_id, u.username, u.first_name, u.last_name, u.avatar_key,
           u.updated_at as user_updated_at, e.playlist_id, p.name as playlist_name, e.track_id,
           t.name as track_name, c.at_seconds, left(case when c.hidden_at is not null and c.user_id <> ${userId} then ${HIDDEN_COMMENT_TEXT}
                     else coalesce(c.content, tv.note) end, 140) as excerpt, c.parent_id,
           tv.version as version_number,
           -- Where the version stands now (issue 44): the owner's word and this collective's verdict.
           (select s.status from track_version_statuses s where s.track_id = tv.track_id
               and s.version = tv.version and s.collective_id is null) as version_status,
           (select s.status from track_version_statuses s where s.track_id = tv.track_id
               and s.version = tv.version and s.collective_id = ${collectiveId}) as version_verdict,
           (select pt.playlist_id from playlist_tracks pt
              join playlist_collective_shares ps on ps.playlist_id = pt.playlist_id and ps.collective_id = ${collectiveId}
             where pt.track_id = e.track_id order by ps.id limit 1) as link_playlist_id
      from newest e
      join users u on u.id = e.actor_id
      left join playlists p on p.id = e.playlist_id
      left join tracks t on t.id = e.track_id
      left join track_comments c on c.id = e.comment_id
      left join track_versions tv on tv.id = e.version_id
     order by e.at desc, e.kind desc, e.id desc`);
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  const rows = rowsOf<Row>(result);
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit).map((r) => toItem(collectiveId, r));
  const last = rows[page.limit - 1];
  return { items, nextCursor: more && last ? `${last.at_key}|${last.kind}|${last.id}` : null };
}

function toItem(collectiveId: number, r: Row): ActivityItem {
  const base = `/collective/${collectiveId}`;
  const url =
    r.kind === 'share'
      ? `${base}/playlist/${r.playlist_id}`
      : r.kind === 'comment' && r.link_playlist_id !== null
        ? `${base}/playlist/${r.link_playlist_id}?track=${r.track_id}&t=${Math.floor((r.at_seconds ?? 0) * 10) / 10}&comment=${r.id}`
        : r.kind === 'version' && r.link_playlist_id !== null
          ? `${base}/playlist/${r.link_playlist_id}?track=${r.track_id}`
          : base;
  return {
    kind: r.kind,
    id: `${r.kind}-${r.id}`,
    at: iso(r.at),
    actor: toUserSummary({
      id: r.actor_id,
      username: r.username,
      firstName: r.first_name,
      lastName: r.last_name,
      avatarUrl: imageUrlOf(r.avatar_key),
      updatedAt: new Date(r.user_updated_at),
    }),
    playlist:
      r.playlist_id !== null && r.playlist_name !== null
        ? { id: r.playlist_id, name: r.playlist_name }
        : null,
    track: r.track_id !== null && r.track_name !== null ? { id: r.track_id, name: r.track_name } : null,
    comment:
      r.kind === 'comment'
        ? {
            id: r.id,
            atSeconds: Number(r.at_seconds),
            excerpt: r.excerpt ?? '',
            isReply: r.parent_id !== null,
          }
        : null,
    version:
      r.kind === 'version' && r.version_number !== null
        ? {
            number: r.version_number,
            note: r.excerpt,
            status: r.version_status ?? 'in_progress',
            verdict: r.version_verdict,
          }
        : null,
    url,
  };
}

import { and, asc, eq } from 'drizzle-orm';
import type { ReportTargetSummary } from '../../../shared/schemas/reports';
import type { DbOrTx } from '../../db/client';
import {
  collectivePlaylistComments,
  equipmentComments,
  equipmentTags,
  playlistCollectiveShares,
  playlistTracks,
  trackComments,
  tracks,
  users,
} from '../../db/schema';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import type { TargetKey } from './report-targets';

// How the admins' queue shows a report's target, and where the notices about it lead (decision
// 0455; equipment-page comments, decision 0580).

const excerptOf = (s: string) => (s.length > 140 ? `${s.slice(0, 139)}…` : s);
const nameOf = (u: { username: string | null; firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || 'Someone';

/** The collective playlist a timed comment is seen in: the earliest share holding its track. */
async function playlistOfTrackComment(db: DbOrTx, collectiveId: number, trackId: number) {
  const [row] = await db
    .select({ playlistId: playlistTracks.playlistId })
    .from(playlistTracks)
    .innerJoin(
      playlistCollectiveShares,
      and(
        eq(playlistCollectiveShares.playlistId, playlistTracks.playlistId),
        eq(playlistCollectiveShares.collectiveId, collectiveId),
      ),
    )
    .where(eq(playlistTracks.trackId, trackId))
    .orderBy(asc(playlistCollectiveShares.id))
    .limit(1);
  return row?.playlistId ?? null;
}

/** Where the author's notice leads (the inbox entry's columns). */
export type NoticeContext = {
  collectiveId?: number;
  playlistId?: number | null;
  trackId?: number;
  commentId?: number;
  playlistCommentId?: number;
  atSeconds?: number;
  equipmentId?: number;
};

/** What the queue shows of any comment: its first words, its author, whether it is hidden. */
const commentSummary = (
  c: { content: string; userId: string; hiddenAt: Date | null },
  author: Parameters<typeof toUserSummary>[0],
  url: string,
  context: NoticeContext,
) => ({
  excerpt: excerptOf(c.content),
  author: toUserSummary(author),
  url,
  hidden: c.hiddenAt !== null,
  authorId: c.userId,
  context,
});

/** What the queue shows of a target, with the author's id (for Hide's notice). Null: it is gone. */
export async function summarizeTarget(
  db: DbOrTx,
  key: TargetKey,
): Promise<(ReportTargetSummary & { authorId: string | null; context: NoticeContext }) | null> {
  const base = { kind: key.kind, id: key.id, hidable: key.kind !== 'equipment', context: {} };
  switch (key.kind) {
    case 'track': {
      const [r] = await db
        .select({ t: tracks, author: userSummaryColumns })
        .from(tracks)
        .innerJoin(users, eq(users.id, tracks.userId))
        .where(eq(tracks.id, key.id as number));
      if (!r) return null;
      const { t, author } = r;
      const summary = { excerpt: t.name, author: toUserSummary(author), url: `/track/${t.id}` };
      const context = { trackId: t.id };
      return { ...base, ...summary, hidden: t.hiddenAt !== null, authorId: t.userId, context };
    }
    case 'trackComment': {
      const [r] = await db
        .select({ c: trackComments, author: userSummaryColumns })
        .from(trackComments)
        .innerJoin(users, eq(users.id, trackComments.userId))
        .where(eq(trackComments.id, key.id as number));
      if (!r) return null;
      const { c, author } = r;
      const playlistId = await playlistOfTrackComment(db, c.collectiveId, c.trackId);
      const url =
        playlistId === null
          ? `/collective/${c.collectiveId}`
          : `/collective/${c.collectiveId}/playlist/${playlistId}?track=${c.trackId}&t=${
              Math.floor(c.atSeconds * 10) / 10
            }&comment=${c.id}`;
      const context = {
        collectiveId: c.collectiveId,
        playlistId,
        trackId: c.trackId,
        commentId: c.id,
        atSeconds: c.atSeconds,
      };
      return { ...base, ...commentSummary(c, author, url, context) };
    }
    case 'playlistComment': {
      const [r] = await db
        .select({ c: collectivePlaylistComments, author: userSummaryColumns })
        .from(collectivePlaylistComments)
        .innerJoin(users, eq(users.id, collectivePlaylistComments.userId))
        .where(eq(collectivePlaylistComments.id, key.id as number));
      if (!r) return null;
      const { c, author } = r;
      const url = `/collective/${c.collectiveId}/playlist/${c.playlistId}#playlist-comment-${c.id}`;
      const context = { collectiveId: c.collectiveId, playlistId: c.playlistId, playlistCommentId: c.id };
      return { ...base, ...commentSummary(c, author, url, context) };
    }
    case 'profile': {
      const [r] = await db
        .select({ u: userSummaryColumns, hiddenAt: users.profileHiddenAt })
        .from(users)
        .where(eq(users.id, key.id as string));
      if (!r) return null;
      return {
        ...base,
        excerpt: nameOf(r.u),
        author: toUserSummary(r.u),
        url: `/profile/${r.u.username ?? r.u.id}`,
        hidden: r.hiddenAt !== null,
        authorId: r.u.id,
      };
    }
    case 'equipmentComment': {
      const [r] = await db
        .select({ c: equipmentComments, author: userSummaryColumns })
        .from(equipmentComments)
        .innerJoin(users, eq(users.id, equipmentComments.userId))
        .where(eq(equipmentComments.id, key.id as number));
      if (!r) return null;
      const { c, author } = r;
      const context = { equipmentId: c.equipmentId };
      return { ...base, ...commentSummary(c, author, `/equipment/${c.equipmentId}`, context) };
    }
    case 'equipment': {
      const [e] = await db
        .select()
        .from(equipmentTags)
        .where(eq(equipmentTags.id, key.id as number));
      if (!e) return null;
      return {
        ...base,
        excerpt: e.name,
        author: null,
        url: `/equipment/${e.id}`,
        hidden: false,
        authorId: null,
      };
    }
  }
}

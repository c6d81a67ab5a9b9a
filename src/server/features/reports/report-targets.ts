import { and, asc, eq } from 'drizzle-orm';
import type { ReportTarget, ReportTargetKind, ReportTargetSummary } from '../../../shared/schemas/reports';
import { REPORT_NOT_FOUND } from '../../../shared/schemas/reports';
import type { DbOrTx } from '../../db/client';
import {
  collectivePlaylistComments,
  equipmentTags,
  playlistCollectiveShares,
  playlistTracks,
  reports,
  trackComments,
  tracks,
  users,
} from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { requireMembership } from '../collectives/collectives.service';
import { findListenableTrack } from '../tracks/tracks.service';
import { getPublicProfile } from '../users/profile.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';

// What a report points at (decision 0455): one of five kinds, each stored in its own foreign-key
// column of `reports`. This file knows, per kind, who may see it, whose it is, how to show it in the
// queue and how to hide it.

/** The `reports` column naming a kind's target. */
export const TARGET_COLUMNS = {
  track: reports.trackId,
  trackComment: reports.trackCommentId,
  playlistComment: reports.playlistCommentId,
  profile: reports.profileUserId,
  equipment: reports.equipmentId,
} as const;
const TARGET_FIELDS = {
  track: 'trackId',
  trackComment: 'trackCommentId',
  playlistComment: 'playlistCommentId',
  profile: 'profileUserId',
  equipment: 'equipmentId',
} as const;

export type TargetKey = { kind: ReportTargetKind; id: number | string };
export const targetValues = (t: TargetKey) => ({ [TARGET_FIELDS[t.kind]]: t.id });

/** The kind and id a report row names (the check constraint makes exactly one set). */
export function keyOfReport(r: typeof reports.$inferSelect): TargetKey {
  for (const kind of Object.keys(TARGET_FIELDS) as ReportTargetKind[]) {
    const v = r[TARGET_FIELDS[kind]];
    if (v !== null) return { kind, id: v };
  }
  throw new Error(`report ${r.id} names no target`);
}

/**
 * The target as the reporter may see it, else 404 saying nothing more (decision 0455): a track
 * they may listen to, a comment in a collective they belong to, a public profile that has not
 * blocked them, any equipment page. Returns its key and whose it is (null: equipment, everyone's).
 */
export async function requireVisibleTarget(
  db: DbOrTx,
  target: ReportTarget,
  viewerId: string,
): Promise<{ key: TargetKey; authorId: string | null }> {
  const gone = () => notFound(REPORT_NOT_FOUND);
  const hide404 = async <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw e instanceof HttpError && e.statusCode === 404 ? gone() : e;
    });
  switch (target.kind) {
    case 'track': {
      const t = await hide404(findListenableTrack(db as never, target.id, viewerId));
      return { key: { kind: 'track', id: t.id }, authorId: t.userId };
    }
    case 'trackComment': {
      const [c] = await db.select().from(trackComments).where(eq(trackComments.id, target.id));
      if (!c) throw gone();
      await hide404(requireMembership(db, c.collectiveId, viewerId));
      return { key: { kind: 'trackComment', id: c.id }, authorId: c.userId };
    }
    case 'playlistComment': {
      const [c] = await db
        .select()
        .from(collectivePlaylistComments)
        .where(eq(collectivePlaylistComments.id, target.id));
      if (!c) throw gone();
      await hide404(requireMembership(db, c.collectiveId, viewerId));
      return { key: { kind: 'playlistComment', id: c.id }, authorId: c.userId };
    }
    case 'profile': {
      const p = await hide404(getPublicProfile(db as never, target.id, viewerId));
      return { key: { kind: 'profile', id: p.user.id }, authorId: p.user.id };
    }
    case 'equipment': {
      const [e] = await db
        .select({ id: equipmentTags.id })
        .from(equipmentTags)
        .where(eq(equipmentTags.id, target.id));
      if (!e) throw gone();
      return { key: { kind: 'equipment', id: e.id }, authorId: null };
    }
  }
}

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
};

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
      return {
        ...base,
        excerpt: excerptOf(c.content),
        author: toUserSummary(author),
        url,
        hidden: c.hiddenAt !== null,
        authorId: c.userId,
        context: {
          collectiveId: c.collectiveId,
          playlistId,
          trackId: c.trackId,
          commentId: c.id,
          atSeconds: c.atSeconds,
        },
      };
    }
    case 'playlistComment': {
      const [r] = await db
        .select({ c: collectivePlaylistComments, author: userSummaryColumns })
        .from(collectivePlaylistComments)
        .innerJoin(users, eq(users.id, collectivePlaylistComments.userId))
        .where(eq(collectivePlaylistComments.id, key.id as number));
      if (!r) return null;
      const { c, author } = r;
      return {
        ...base,
        excerpt: excerptOf(c.content),
        author: toUserSummary(author),
        url: `/collective/${c.collectiveId}/playlist/${c.playlistId}#playlist-comment-${c.id}`,
        hidden: c.hiddenAt !== null,
        authorId: c.userId,
        context: { collectiveId: c.collectiveId, playlistId: c.playlistId, playlistCommentId: c.id },
      };
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

/** Sets or clears a target's hidden mark; equipment pages have none (decision 0455). */
export async function setHidden(db: DbOrTx, key: TargetKey, hidden: boolean) {
  const at = hidden ? new Date() : null;
  switch (key.kind) {
    case 'track':
      await db
        .update(tracks)
        .set({ hiddenAt: at })
        .where(eq(tracks.id, key.id as number));
      return;
    case 'trackComment':
      await db
        .update(trackComments)
        .set({ hiddenAt: at })
        .where(eq(trackComments.id, key.id as number));
      return;
    case 'playlistComment':
      await db
        .update(collectivePlaylistComments)
        .set({ hiddenAt: at })
        .where(eq(collectivePlaylistComments.id, key.id as number));
      return;
    case 'profile':
      await db
        .update(users)
        .set({ profileHiddenAt: at })
        .where(eq(users.id, key.id as string));
      return;
    case 'equipment':
      return;
  }
}

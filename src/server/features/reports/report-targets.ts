import { eq } from 'drizzle-orm';
import type { ReportTarget, ReportTargetKind } from '../../../shared/schemas/reports';
import { REPORT_NOT_FOUND } from '../../../shared/schemas/reports';
import type { DbOrTx } from '../../db/client';
import {
  collectivePlaylistComments,
  equipmentComments,
  equipmentTags,
  reports,
  trackComments,
  tracks,
  users,
} from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { requireMembership } from '../collectives/collectives.service';
import { findListenableTrack } from '../tracks/tracks.service';
import { getPublicProfile } from '../users/profile.service';

// What a report points at (decisions 0455, 0580): one of six kinds, each stored in its own foreign-key
// column of `reports`. This file knows, per kind, who may see it, whose it is, how to show it in the
// queue (report-target-summary.ts) and how to hide it.

/** The `reports` column naming a kind's target. */
export const TARGET_COLUMNS = {
  track: reports.trackId,
  trackComment: reports.trackCommentId,
  playlistComment: reports.playlistCommentId,
  profile: reports.profileUserId,
  equipment: reports.equipmentId,
  equipmentComment: reports.equipmentCommentId,
} as const;
const TARGET_FIELDS = {
  track: 'trackId',
  trackComment: 'trackCommentId',
  playlistComment: 'playlistCommentId',
  profile: 'profileUserId',
  equipment: 'equipmentId',
  equipmentComment: 'equipmentCommentId',
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
    case 'equipmentComment': {
      // Equipment pages are open to everyone signed in; a comment on one is not, once hidden or
      // while its author is suspended: the page's list leaves it out for others (decision 0580).
      const [c] = await db
        .select({ c: equipmentComments, suspendedAt: users.suspendedAt })
        .from(equipmentComments)
        .innerJoin(users, eq(users.id, equipmentComments.userId))
        .where(eq(equipmentComments.id, target.id));
      const mine = c?.c.userId === viewerId;
      if (!c || (!mine && (c.c.hiddenAt !== null || c.suspendedAt !== null))) throw gone();
      return { key: { kind: 'equipmentComment', id: c.c.id }, authorId: c.c.userId };
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
    case 'equipmentComment':
      await db
        .update(equipmentComments)
        .set({ hiddenAt: at })
        .where(eq(equipmentComments.id, key.id as number));
      return;
    case 'equipment':
      return;
  }
}

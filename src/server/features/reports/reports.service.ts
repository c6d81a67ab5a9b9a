import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminReport,
  CreateReportBody,
  ReportReason,
  ReportState,
} from '../../../shared/schemas/reports';
import { CANNOT_REPORT_OWN } from '../../../shared/schemas/reports';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { notifications, reports, users } from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import { summarizeTarget } from './report-target-summary';
import {
  keyOfReport,
  requireVisibleTarget,
  setHidden,
  TARGET_COLUMNS,
  type TargetKey,
  targetValues,
} from './report-targets';

// Reports and the admins' queue (issue 28, decision 0455). Every report on a target resolves with
// the one acted on; hiding tells the author in their inbox, and every resolution tells each reporter
// what became of their report (decision 0580).

export const ALREADY_REPORTED = 'You have already reported this: a moderator will look at it';

const sameTarget = (key: TargetKey) => eq(TARGET_COLUMNS[key.kind], key.id as never);

export async function createReport(db: Database, reporterId: string, body: CreateReportBody) {
  const { key, authorId } = await requireVisibleTarget(db, body.target, reporterId);
  if (authorId === reporterId) throw badRequest(CANNOT_REPORT_OWN);
  // One open report per person and target: a second is refused (409), not counted twice.
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.state, 'open'), sameTarget(key)))
    .limit(1);
  if (open) throw new HttpError(409, ALREADY_REPORTED);
  try {
    const [row] = await db
      .insert(reports)
      .values({ reporterId, reason: body.reason, note: body.note?.trim() || null, ...targetValues(key) })
      .returning({ id: reports.id, createdAt: reports.createdAt });
    return { id: row!.id, createdAt: row!.createdAt.toISOString() };
  } catch (err) {
    // The same report sent twice at once: the unique index lets one in (reports_one_open_uq).
    if (isUniqueViolation(err)) throw new HttpError(409, ALREADY_REPORTED);
    throw err;
  }
}

// Who resolved a report: the users table a second time, beside the reporter.
const resolver = alias(users, 'resolver');
const resolverColumns = {
  id: resolver.id,
  username: resolver.username,
  firstName: resolver.firstName,
  lastName: resolver.lastName,
  avatarUrl: imageUrlColumn(resolver.avatarKey),
  updatedAt: resolver.updatedAt,
};

/** The queue: open (oldest first, the longest waiting on top) or resolved (newest first). */
export async function listReports(db: Database, state: ReportState): Promise<AdminReport[]> {
  const rows = await db
    .select({ r: reports, reporter: userSummaryColumns, resolver: resolverColumns })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedById))
    .where(eq(reports.state, state))
    .orderBy(state === 'open' ? reports.createdAt : desc(reports.resolvedAt), reports.id)
    .limit(200);
  const items: AdminReport[] = [];
  const counts = new Map<string, number>();
  for (const { r, reporter, resolver: by } of rows) {
    const key = keyOfReport(r);
    const target = await summarizeTarget(db, key);
    if (!target) continue;
    const id = `${key.kind}:${key.id}`;
    if (!counts.has(id)) {
      const [n] = await db
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.state, state), sameTarget(key)));
      counts.set(id, n?.n ?? 0);
    }
    const { authorId: _a, context: _c, ...summary } = target;
    items.push({
      id: r.id,
      target: summary,
      reason: r.reason as ReportReason,
      note: r.note,
      reporter: toUserSummary(reporter),
      sameTargetCount: counts.get(id)!,
      state: r.state,
      outcome: (r.outcome as AdminReport['outcome']) ?? null,
      resolvedBy: by ? toUserSummary(by) : null,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
    });
  }
  return items;
}

async function requireReport(db: DbOrTx, id: number) {
  const [r] = await db.select().from(reports).where(eq(reports.id, id));
  if (!r) throw notFound('Report not found');
  return r;
}

const OUTCOME_WORDS = { hidden: 'was hidden', dismissed: 'no action was taken' } as const;
const THING_WORDS = {
  track: 'the track',
  trackComment: 'the comment',
  playlistComment: 'the comment',
  profile: 'the profile',
  equipment: 'the equipment page',
  equipmentComment: 'the comment',
} as const;

/** The words of a reporter's `report_reviewed` entry (decision 0580). */
export function reviewedNotice(kind: TargetKey['kind'], outcome: 'hidden' | 'dismissed') {
  return outcome === 'hidden'
    ? `Your report was reviewed: ${THING_WORDS[kind]} ${OUTCOME_WORDS.hidden}`
    : `Your report was reviewed: ${OUTCOME_WORDS.dismissed}`;
}

/**
 * Resolves every open report on the target, and tells each reporter the outcome in one inbox entry
 * (several reports by the same person cannot be open at once: one entry each). The entry names
 * nothing the reporter could open: the content may be gone for them. Returns how many resolved.
 */
async function resolveAll(tx: DbOrTx, key: TargetKey, adminId: string, outcome: 'hidden' | 'dismissed') {
  const done = await tx
    .update(reports)
    .set({ state: 'resolved', outcome, resolvedById: adminId, resolvedAt: new Date() })
    .where(and(eq(reports.state, 'open'), sameTarget(key)))
    .returning({ id: reports.id, reporterId: reports.reporterId });
  const reporters = [...new Set(done.map((r) => r.reporterId))];
  if (reporters.length > 0) {
    const notice = reviewedNotice(key.kind, outcome);
    await tx
      .insert(notifications)
      .values(reporters.map((userId) => ({ userId, kind: 'report_reviewed' as const, notice })));
  }
  return done.length;
}

const KIND_WORDS = {
  track: 'Your track',
  trackComment: 'Your comment',
  playlistComment: 'Your comment',
  profile: 'Your public profile',
  equipment: 'An equipment page',
  equipmentComment: 'Your comment',
} as const;
const REASON_WORDS: Record<ReportReason, string> = {
  spam: 'spam',
  abuse: 'abuse',
  copyright: 'a copyright claim',
  other: 'a report',
};

/**
 * Hides the target for everyone but its author (and admins in the queue), resolves every open report
 * on it, and leaves the author a `content_hidden` notice saying what was hidden and why.
 */
export async function hideReported(db: Database, reportId: number, adminId: string) {
  const report = await requireReport(db, reportId);
  const key = keyOfReport(report);
  if (key.kind === 'equipment') {
    throw badRequest('Equipment pages cannot be hidden: edit the page or revert the edit instead');
  }
  const target = await summarizeTarget(db, key);
  if (!target) throw notFound('The reported content is gone');
  return db.transaction(async (tx) => {
    await setHidden(tx, key, true);
    const resolved = await resolveAll(tx, key, adminId, 'hidden');
    if (target.authorId && !target.hidden) {
      const what = `${KIND_WORDS[key.kind]} “${target.excerpt}”`;
      await tx.insert(notifications).values({
        userId: target.authorId,
        kind: 'content_hidden',
        notice: `${what} was hidden by a moderator after ${REASON_WORDS[report.reason as ReportReason]}. Only you can still see it.`,
        ...target.context,
      });
    }
    return { resolved };
  });
}

/** Dismisses every open report on the target: nothing else changes but the reporters' inboxes. */
export async function dismissReported(db: Database, reportId: number, adminId: string) {
  const key = keyOfReport(await requireReport(db, reportId));
  return db.transaction(async (tx) => ({ resolved: await resolveAll(tx, key, adminId, 'dismissed') }));
}

/** Shows the target again; its reports stay resolved. */
export async function unhideReported(db: Database, reportId: number) {
  const key = keyOfReport(await requireReport(db, reportId));
  await setHidden(db, key, false);
  return { resolved: 0 };
}

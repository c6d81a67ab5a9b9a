import { z } from 'zod';
import { userSummarySchema } from './collectives';
import { id, idParam, text } from './primitives';

// Reports and the admins' moderation queue (issue 28, decision 0455).

export const REPORT_REASONS = ['spam', 'abuse', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATES = ['open', 'resolved'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_TARGET_KINDS = [
  'track',
  'trackComment',
  'playlistComment',
  'profile',
  'equipment',
  'equipmentComment',
] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_NOTE_MAX = 1000;
/** What a hidden comment shows to everyone but its author (decision 0455). */
export const HIDDEN_COMMENT_TEXT = 'This comment was hidden by a moderator';
export const REPORT_NOT_FOUND = 'Not found';
export const CANNOT_REPORT_OWN = 'You cannot report your own content';

/** A profile is named as profiles are (username ignoring case, or user id); the others by number. */
export const reportTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('profile'), id: text('Profile', { trim: false }).min(1).max(200) }).strict(),
  z
    .object({
      kind: z.enum(['track', 'trackComment', 'playlistComment', 'equipment', 'equipmentComment']),
      id: id(),
    })
    .strict(),
]);
export type ReportTarget = z.infer<typeof reportTargetSchema>;

export const createReportBodySchema = z
  .object({
    target: reportTargetSchema,
    reason: z.enum(REPORT_REASONS, 'reason must be spam, abuse, copyright or other'),
    note: text('Note', { multiline: true })
      .max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX} characters`)
      .optional()
      .nullable(),
  })
  .strict();
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

export const reportReceiptSchema = z.object({ id: z.number(), createdAt: z.string() });

export const reportListQuerySchema = z.object({ state: z.enum(REPORT_STATES).default('open') });
export const reportParamsSchema = z.object({ id: idParam() });

export const reportTargetSummarySchema = z.object({
  kind: z.enum(REPORT_TARGET_KINDS),
  /** The target's id: a number, or the user id of a profile. */
  id: z.union([z.number(), z.string()]),
  /** The track's or equipment's name, the comment's first words, the person's name. */
  excerpt: z.string(),
  /** Whose it is (null for an equipment page, which everyone shares). */
  author: userSummarySchema.nullable(),
  /** Where to open it in context. */
  url: z.string(),
  hidden: z.boolean(),
  /** Whether Hide applies to this kind (decision 0455: equipment pages are edited and reverted instead). */
  hidable: z.boolean(),
});
export type ReportTargetSummary = z.infer<typeof reportTargetSummarySchema>;

export const adminReportSchema = z.object({
  id: z.number(),
  target: reportTargetSummarySchema,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  reporter: userSummarySchema,
  /** Reports on the same target in the same state, this one included. */
  sameTargetCount: z.number(),
  state: z.enum(REPORT_STATES),
  outcome: z.enum(['hidden', 'dismissed']).nullable(),
  /** The admin who resolved it (null while open, or once their account is gone). */
  resolvedBy: userSummarySchema.nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.object({ items: z.array(adminReportSchema) });
export type AdminReportList = z.infer<typeof adminReportListSchema>;
export const reportActionResultSchema = z.object({ resolved: z.number() });

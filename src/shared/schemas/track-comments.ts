import { z } from 'zod';
import { LIMITS } from '../constants';
import { userSummarySchema } from './collectives';
import { id, text } from './primitives';

const MAX = LIMITS.commentLength;
const content = text('A comment', { multiline: true })
  .min(1, 'A comment cannot be empty')
  .max(MAX, `A comment must be at most ${MAX} characters`);

/** A position in seconds: finite and not negative (the track's duration is checked by the server). */
const seconds = (label: string) =>
  z
    .number(`${label} must be a number of seconds`)
    .finite(`${label} must be a number of seconds`)
    .min(0, `${label} must not be negative`)
    .max(LIMITS.commentMaxSeconds, `${label} is past the end of the track`);

/**
 * POST /api/collectives/{id}/tracks/{trackId}/comments. `atSeconds` is required for a new thread; a
 * reply (`parentId`) takes its parent's moment, so it may leave it out (decision 0161).
 */
export const createTrackCommentBodySchema = z
  .object({
    content,
    atSeconds: seconds('atSeconds').optional(),
    endSeconds: seconds('endSeconds').nullable().optional(),
    parentId: id().nullable().optional(),
  })
  .strict()
  .refine((b) => b.parentId != null || b.atSeconds !== undefined, {
    message: 'atSeconds is required',
    path: ['atSeconds'],
  })
  .refine((b) => b.endSeconds == null || b.atSeconds === undefined || b.endSeconds > b.atSeconds, {
    message: 'endSeconds must be after atSeconds',
    path: ['endSeconds'],
  });
export type CreateTrackCommentBody = z.infer<typeof createTrackCommentBodySchema>;

export const updateTrackCommentBodySchema = z.object({ content }).strict();
/** The optional note of a resolve ("fixed in v3: lowered the hats", issue 44): a comment's limits. */
export const resolutionNoteSchema = text('A note', { multiline: true }).max(
  MAX,
  `A note must be at most ${MAX} characters`,
);
/** `note` goes with `resolved: true` only; an empty note is no note. */
export const resolveTrackCommentBodySchema = z
  .object({
    resolved: z.boolean(),
    note: resolutionNoteSchema
      .nullable()
      .optional()
      .transform((v) => v?.trim() || null),
  })
  .strict()
  .refine((b) => b.resolved || b.note === null, {
    message: 'A note goes with resolving, not with reopening',
    path: ['note'],
  });
export type ResolveTrackCommentBody = z.infer<typeof resolveTrackCommentBodySchema>;

export const trackCommentSchema = z.object({
  id: z.number(),
  collectiveId: z.number(),
  trackId: z.number(),
  parentId: z.number().nullable(),
  userId: z.string(),
  user: userSummarySchema,
  content: z.string(),
  atSeconds: z.number(),
  endSeconds: z.number().nullable(),
  /** The track's version when the comment was made (decision 0223). */
  trackVersion: z.number(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  /** Who resolved the thread and their note (issue 44); null while open or when not known. */
  resolvedBy: userSummarySchema.nullable(),
  resolutionNote: z.string().nullable(),
  /**
   * The version this thread was carried from to its own `trackVersion` (issue 44); null for a
   * comment made on its version.
   */
  carriedFrom: z.number().nullable(),
  /** The comment on version `carriedFrom` it was carried from (the link back); null as above. */
  carriedFromCommentId: z.number().nullable(),
  editedAt: z.string().nullable(),
  /**
   * Hidden by a moderator (decision 0455): its author still reads its words (with this mark);
   * everyone else reads "This comment was hidden by a moderator".
   */
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type TrackComment = z.infer<typeof trackCommentSchema>;

/** A top-level comment with its replies, oldest reply first (GET lists these, by `atSeconds`). */
export const trackCommentThreadSchema = trackCommentSchema.extend({ replies: z.array(trackCommentSchema) });
export type TrackCommentThread = z.infer<typeof trackCommentThreadSchema>;

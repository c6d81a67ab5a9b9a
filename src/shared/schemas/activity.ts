import { z } from 'zod';
import { LIMITS } from '../constants';
import { userSummarySchema } from './collectives';
import { INT4_MAX } from './primitives';
import { VERDICT_STATUSES, VERSION_STATUSES } from './version-review';

export const ACTIVITY_KINDS = ['share', 'join', 'comment', 'version'] as const;

export const activityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  /** Unique within the feed: kind and the row's id. */
  id: z.string(),
  at: z.string(),
  actor: userSummarySchema,
  playlist: z.object({ id: z.number(), name: z.string() }).nullable(),
  track: z.object({ id: z.number(), name: z.string() }).nullable(),
  comment: z
    .object({ id: z.number(), atSeconds: z.number(), excerpt: z.string(), isReply: z.boolean() })
    .nullable(),
  /** A new version of the track (decision 0224): its number and "what changed" (cut to 140 characters). */
  version: z
    .object({
      number: z.number(),
      note: z.string().nullable(),
      /** Where it stands now (issue 44): the owner's status and this collective's verdict. */
      status: z.enum(VERSION_STATUSES),
      verdict: z.enum(VERDICT_STATUSES).nullable(),
    })
    .nullable(),
  url: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({
  items: z.array(activityItemSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuerySchema = z.object({
  before: z
    .string()
    .max(100)
    // The last item's time (microseconds since 1970), kind and id, as the previous page gave it.
    .regex(/^\d{1,17}\|(share|join|comment|version)\|\d{1,10}$/, 'Not a valid cursor')
    .refine((c) => Number(c.split('|')[2]) <= INT4_MAX, 'Not a valid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.activityPage),
});

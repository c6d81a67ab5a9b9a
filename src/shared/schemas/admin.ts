import { z } from 'zod';

/**
 * The instance admin's console (issue 28, decision 0445): people, media jobs, storage, demo
 * accounts and sign-ups. Only people named by ADMIN_USERS reach these routes; anyone else gets 404.
 */

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** What the sign-in callback answers a person it refuses (spec texts of issue 28). */
export const SUSPENDED_MESSAGE = 'This account is suspended';
export const SIGNUP_CLOSED_MESSAGE = 'This Journal is not taking new accounts.';
export const SIGNUP_INVITE_ONLY_MESSAGE =
  'New accounts on this Journal are by invitation only: open the invite link you were given, then sign in.';

/**
 * An ADMIN_USERS entry naming a person by their OpenID Connect subject at the configured issuer
 * (`sub:110169484474386276334`), for issuers that do not verify emails (decision 0530).
 */
export const ADMIN_SUBJECT_PREFIX = 'sub:';

export const ADMIN_PEOPLE_PAGE_SIZE = 25;
export const SUSPENSION_REASON_MAX = 500;

export const adminPeopleQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Part of a name, username or email (any case)'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminPeopleQuery = z.input<typeof adminPeopleQuerySchema>;

export const adminPersonSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  /** The sign-in provider vouched for `email` at their last sign-in; otherwise anyone could have typed it. */
  emailVerified: z.boolean(),
  isDemo: z.boolean(),
  /** Named by ADMIN_USERS: cannot be suspended or deleted from the console. */
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  usedBytes: z.number().int(),
  trackCount: z.number().int(),
  /** The person's own quota; null: the instance default applies. 0: unlimited. */
  quotaBytes: z.number().int().nullable(),
  suspendedAt: z.iso.datetime({ offset: true }).nullable(),
  suspendedReason: z.string().nullable(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminPeopleSchema = z.object({
  people: z.array(adminPersonSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** STORAGE_QUOTA_BYTES (0: unlimited), what a null quotaBytes means. */
  defaultQuotaBytes: z.number().int(),
});
export type AdminPeople = z.infer<typeof adminPeopleSchema>;

export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const suspendBodySchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(SUSPENSION_REASON_MAX),
});
export type SuspendBody = z.infer<typeof suspendBodySchema>;

export const quotaBodySchema = z.object({
  quotaBytes: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .describe('Bytes; 0 = unlimited; null = the instance default'),
});
export type QuotaBody = z.infer<typeof quotaBodySchema>;

export const adminDeleteBodySchema = z.object({
  confirm: z.string().max(200).describe("The person's username (any case), or their id if they have none"),
});
export type AdminDeleteBody = z.infer<typeof adminDeleteBodySchema>;

/** Whether `typed` confirms deleting this person from the console: their username, else their id. */
export function confirmsAdminDeletion(typed: string, person: { id: string; username: string | null }) {
  const value = typed.trim().toLowerCase();
  return value !== '' && value === (person.username ?? person.id).toLowerCase();
}
export const ADMIN_DELETION_REFUSED = "Type the person's username (or their id if they have none) to confirm";

export const jobStateCountSchema = z.object({
  queue: z.string(),
  state: z.string(),
  count: z.number().int(),
});

export const failedTrackSchema = z.object({
  trackId: z.number().int(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  error: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FailedTrack = z.infer<typeof failedTrackSchema>;

export const adminJobsSchema = z.object({
  counts: z.array(jobStateCountSchema),
  failedTracks: z.array(failedTrackSchema),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;

export const adminTrackParamsSchema = z.object({
  trackId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const adminOverviewSchema = z.object({
  storage: z.object({
    originalsBytes: z.number().int(),
    originalsCount: z.number().int(),
    renditionsCount: z.number().int(),
    transcodeCacheBytes: z.number().int(),
    exportsBytes: z.number().int(),
    avatarsCount: z.number().int(),
    playlistCoversCount: z.number().int(),
  }),
  people: z.object({ total: z.number().int(), suspended: z.number().int() }),
  demo: z.object({ enabled: z.boolean(), live: z.number().int(), ttlHours: z.number() }),
  signup: z.enum(SIGNUP_MODES),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const sweepResultSchema = z.object({ removed: z.number().int() });

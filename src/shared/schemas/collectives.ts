import { z } from 'zod';
import { LIMITS } from '../constants';
import { playlistSchema, playlistTrackSchema } from './playlists';
import { id, nonEmptyPatch, text } from './primitives';

export const COLLECTIVE_ROLES = ['owner', 'admin', 'member'] as const;
export type CollectiveRole = (typeof COLLECTIVE_ROLES)[number];

export const collectiveSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collective = z.infer<typeof collectiveSchema>;

/** GET /api/collectives/{id}: the collective plus the caller's own role in it. */
export const collectiveWithRoleSchema = collectiveSchema.extend({ role: z.enum(COLLECTIVE_ROLES) });
export type CollectiveWithRole = z.infer<typeof collectiveWithRoleSchema>;

/** Public fields of a person, as other people see them (never an email). */
export const userSummarySchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const collectiveMemberSchema = z.object({
  userId: z.string(),
  role: z.enum(COLLECTIVE_ROLES),
  joinedAt: z.string(),
  user: userSummarySchema,
  /** Has an open event stream on some instance (decision 0101; the spec's panel faked this). */
  online: z.boolean(),
});
export type CollectiveMember = z.infer<typeof collectiveMemberSchema>;

const name = text('Name')
  .min(1, 'Name is required')
  .max(LIMITS.collectiveName, `Name must be less than ${LIMITS.collectiveName} characters`);
const description = text('Description', { multiline: true }).max(
  LIMITS.collectiveDescription,
  `Description must be less than ${LIMITS.collectiveDescription} characters`,
);

export const createCollectiveBodySchema = z.object({
  name,
  description: description
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export const updateCollectiveBodySchema = nonEmptyPatch(
  z
    .object({ name, description: description.nullable().transform((v) => v || null) })
    .partial()
    .strict(),
);

/** A playlist shared into a collective, with its owner as members see them. */
export const collectivePlaylistSchema = playlistSchema.extend({
  sharedAt: z.string(),
  sharedByUserId: z.string(),
  user: userSummarySchema,
});
export type CollectivePlaylist = z.infer<typeof collectivePlaylistSchema>;

export const collectivePlaylistDetailSchema = collectivePlaylistSchema.extend({
  tracks: z.array(playlistTrackSchema),
});
export type CollectivePlaylistDetail = z.infer<typeof collectivePlaylistDetailSchema>;

export const COMMENT_MAX = LIMITS.commentLength;
export const commentBodySchema = z.object({
  content: text('A comment', { multiline: true })
    .min(1, 'A comment cannot be empty')
    .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`),
});

export const collectiveCommentSchema = z.object({
  id: z.number(),
  collectiveId: z.number(),
  playlistId: z.number(),
  userId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  user: userSummarySchema,
});
export type CollectiveComment = z.infer<typeof collectiveCommentSchema>;

export const INVITE_LINK_TYPES = ['single', 'multi'] as const;
export const inviteLinkSchema = z.object({
  id: z.number(),
  collectiveId: z.number(),
  code: z.string(),
  type: z.enum(INVITE_LINK_TYPES),
  maxUses: z.number().nullable(),
  usageCount: z.number(),
  isActive: z.boolean(),
  /** usageCount reached maxUses: shown Inactive and cannot be re-activated. */
  isExhausted: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

export const createInviteLinkBodySchema = z.object({ type: z.enum(INVITE_LINK_TYPES) });
export const updateInviteLinkBodySchema = z.object({ isActive: z.boolean() });

export const inviteDetailsSchema = z.object({
  code: z.string(),
  collective: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  invitedBy: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
  /** The caller already belongs to the collective. */
  alreadyMember: z.boolean(),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

export const INVALID_INVITE_MESSAGE = 'This invite link is invalid, expired, or has already been used.';

export const sharePlaylistBodySchema = z.object({
  collectiveIds: z.array(id()).max(500),
});
export const sharedCollectiveSchema = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});
export const playlistWithSharesSchema = playlistSchema.extend({
  sharedCollectives: z.array(sharedCollectiveSchema),
});
export type PlaylistWithShares = z.infer<typeof playlistWithSharesSchema>;

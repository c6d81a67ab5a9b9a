import { z } from 'zod';
import { LIMITS } from '../constants';
import { playlistAbilitiesSchema, playlistSchema, playlistTrackSchema } from './playlists';
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

/**
 * What the caller may do in a collective, computed by the server's policy (decision 0013, 0121):
 * the client shows only the navigation and actions these allow and never re-derives them.
 */
export const collectiveAbilitiesSchema = z.object({
  editSettings: z.boolean(),
  manageInvites: z.boolean(),
  manageMembers: z.boolean(),
  transferOwnership: z.boolean(),
  deleteCollective: z.boolean(),
  leave: z.boolean(),
  comment: z.boolean(),
});
export type CollectiveAbilities = z.infer<typeof collectiveAbilitiesSchema>;

/** GET /api/collectives/{id}: the collective plus the caller's own role and abilities in it. */
export const collectiveWithRoleSchema = collectiveSchema.extend({
  role: z.enum(COLLECTIVE_ROLES),
  abilities: collectiveAbilitiesSchema,
});
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

/** What the caller may do to one member (the row's menu in the members panel, decision 0121). */
export const memberAbilitiesSchema = z.object({
  makeAdmin: z.boolean(),
  makeMember: z.boolean(),
  remove: z.boolean(),
  makeOwner: z.boolean(),
  /** The caller's own row, and the caller is not the owner. */
  leave: z.boolean(),
});
export type MemberAbilities = z.infer<typeof memberAbilitiesSchema>;

export const collectiveMemberSchema = z.object({
  userId: z.string(),
  role: z.enum(COLLECTIVE_ROLES),
  joinedAt: z.string(),
  user: userSummarySchema,
  /** Has an open event stream on some instance (decision 0101; the spec's panel faked this). */
  online: z.boolean(),
  abilities: memberAbilitiesSchema,
});
export type CollectiveMember = z.infer<typeof collectiveMemberSchema>;

/** PATCH /api/collectives/{id}/members/{userId}: owner is never set this way (see transfer). */
export const MEMBER_ROLES = ['admin', 'member'] as const;
export const updateMemberBodySchema = z.object({ role: z.enum(MEMBER_ROLES) }).strict();
/** POST /api/collectives/{id}/transfer: the member who becomes the owner. */
export const transferOwnershipBodySchema = z.object({ userId: z.string().min(1).max(200) }).strict();

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
  abilities: playlistAbilitiesSchema,
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
  /** Hidden by a moderator (decision 0455): only its author still gets it, with this mark. */
  hidden: z.boolean(),
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
  /** null: the link never expires (decision 0124). */
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

/** How long a new link works, chosen when it is made (decision 0124). */
export const INVITE_EXPIRIES = ['never', '1d', '7d'] as const;
export type InviteExpiry = (typeof INVITE_EXPIRIES)[number];
export const INVITE_EXPIRY_HOURS: Record<InviteExpiry, number | null> = { never: null, '1d': 24, '7d': 168 };
export const INVITE_EXPIRY_LABELS: Record<InviteExpiry, string> = {
  never: 'Never',
  '1d': '1 day',
  '7d': '7 days',
};
export const createInviteLinkBodySchema = z.object({
  type: z.enum(INVITE_LINK_TYPES),
  expiresIn: z.enum(INVITE_EXPIRIES).default('never'),
});
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

// The texts live with the constants, which the first route may import without zod.
export { EXPIRED_INVITE_MESSAGE, INVALID_INVITE_MESSAGE } from '../constants';

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

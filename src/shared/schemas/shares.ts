import { z } from 'zod';
import { id, idParam, text } from './primitives';

/**
 * Private share links (issue 24, decision 0320): the owner's side (`/api/shares`) and what a token
 * opens for anyone holding it (`/api/shares/by-token/{token}`).
 */

export const SHARE_DESCRIPTION_MAX = 500;
/** 32 random bytes as base64url: 43 characters, 256 bits. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const SHARE_EXPIRED_MESSAGE = 'This link has expired';
export const SHARE_NOT_FOUND_MESSAGE = 'This link does not exist or was revoked';
export const SHARE_ONE_ITEM_MESSAGE = 'Send either trackId or playlistId';
export const SHARE_PAST_EXPIRY_MESSAGE = 'The expiry must be in the future';

const description = text('Description', { multiline: true }).max(
  SHARE_DESCRIPTION_MAX,
  `Description must be at most ${SHARE_DESCRIPTION_MAX} characters`,
);

/** POST /api/shares: one of the caller's tracks or playlists, whatever its visibility. */
export const createShareBodySchema = z
  .object({
    trackId: id().optional(),
    playlistId: id().optional(),
    /** When the link stops working; null or left out: never. Must lie in the future. */
    expiresAt: z.iso
      .datetime({ offset: true, message: 'expiresAt must be an ISO date and time' })
      .nullable()
      .optional(),
    allowDownload: z.boolean().optional(),
    description: description
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .strict()
  .refine((b) => (b.trackId === undefined) !== (b.playlistId === undefined), {
    message: SHARE_ONE_ITEM_MESSAGE,
    path: ['trackId'],
  });
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

/** GET /api/shares: all of mine, or those of one track or one playlist. */
export const listSharesQuerySchema = z
  .object({ trackId: idParam().optional(), playlistId: idParam().optional() })
  .refine((q) => q.trackId === undefined || q.playlistId === undefined, {
    message: 'Filter by trackId or by playlistId, not both',
    path: ['trackId'],
  });
export type ListSharesQuery = z.infer<typeof listSharesQuerySchema>;

/** A link as its owner sees it. */
export const shareLinkSchema = z
  .object({
    id: z.number(),
    /** PUBLIC_URL/s/{token}: what the owner copies and sends. */
    url: z.string(),
    token: z.string(),
    trackId: z.number().nullable(),
    playlistId: z.number().nullable(),
    /** The shared track's or playlist's name, for the owner's list. */
    itemName: z.string(),
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
    allowDownload: z.boolean(),
    description: z.string().nullable(),
    /** Times the link was opened (GET /api/shares/by-token/{token}). */
    visits: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** A track as a share link shows it: no storage details, no equipment, no comments. */
export const sharedTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  notes: z.string().nullable(),
  duration: z.number().nullable(),
  /** Something can be streamed now (the original or its rendition). */
  playable: z.boolean(),
  /** The audio, through the token: Range requests welcome. */
  streamUrl: z.string(),
  /** The waveform peaks through the token; null until processing made them. */
  peaksUrl: z.string().nullable(),
  /** The file as uploaded; null unless the link allows downloading. */
  downloadUrl: z.string().nullable(),
});
export type SharedTrack = z.infer<typeof sharedTrackSchema>;

/** Whose the shared thing is: a name to show, nothing private. */
export const shareOwnerSchema = z.object({
  displayName: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

const shareFacts = {
  description: z.string().nullable(),
  expiresAt: z.string().nullable(),
  allowDownload: z.boolean(),
  owner: shareOwnerSchema,
};

/** GET /api/shares/by-token/{token}: the one track or playlist the token opens. */
export const sharedItemSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('track'), ...shareFacts, track: sharedTrackSchema }),
    z.object({
      type: z.literal('playlist'),
      ...shareFacts,
      playlist: z.object({
        name: z.string(),
        description: z.string().nullable(),
        imageUrl: z.string().nullable(),
        /** The owner's own tracks of the playlist, in its order. */
        tracks: z.array(sharedTrackSchema),
      }),
    }),
  ])
  .meta({ id: 'SharedItem' });
export type SharedItem = z.infer<typeof sharedItemSchema>;

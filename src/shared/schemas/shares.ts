import { z } from 'zod';
import { id, idParam, text } from './primitives';
import { uploadLinkFacts } from './share-uploads';

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
/** A playlist's link opens no versions (decision 0623): asking for it is a 400, not silently dropped. */
export const SHARE_VERSIONS_TRACK_ONLY_MESSAGE = "Only a track's link can open its versions";
/** The by-token versions routes of a link that does not open them (or not for this track). */
export const SHARE_NO_VERSIONS_MESSAGE = 'This link does not open versions of this track';

/**
 * What a link lets its holder do (issue 45): `listen` (play, and download when allowed), `review`
 * (also leave timed comments as a named guest), `upload` (send files into the owner's journal; it
 * opens no track or playlist).
 */
export const SHARE_KINDS = ['listen', 'review', 'upload'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export const SHARE_RECIPIENT_MAX = 80;
export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 200;
/** An upload link's caps when the owner sets none, and the most they may set. */
export const SHARE_UPLOAD_DEFAULTS = { maxFiles: 5, maxBytes: 2 * 1024 ** 3 } as const;
export const SHARE_UPLOAD_LIMITS = { maxFiles: 100, maxBytes: 20 * 1024 ** 3 } as const;
export const SHARE_UPLOAD_ITEM_MESSAGE = 'An upload link opens no track or playlist';
export const SHARE_CAPS_UPLOAD_ONLY_MESSAGE = 'Only an upload link takes maxFiles and maxBytes';

const description = text('Description', { multiline: true }).max(
  SHARE_DESCRIPTION_MAX,
  `Description must be at most ${SHARE_DESCRIPTION_MAX} characters`,
);

const recipient = text('Recipient').max(
  SHARE_RECIPIENT_MAX,
  `Recipient must be at most ${SHARE_RECIPIENT_MAX} characters`,
);
/** A link's password as typed: kept only as a hash. */
export const sharePasswordSchema = z
  .string()
  .min(SHARE_PASSWORD_MIN, `Password must be at least ${SHARE_PASSWORD_MIN} characters`)
  .max(SHARE_PASSWORD_MAX, `Password must be at most ${SHARE_PASSWORD_MAX} characters`);

/**
 * POST /api/shares: one of the caller's tracks or playlists, whatever its visibility; or, for an
 * `upload` link, none. One item may have many links, one per recipient.
 */
export const createShareBodySchema = z
  .object({
    kind: z.enum(SHARE_KINDS).default('listen'),
    /** Set: opening the link asks for it (401 `{ passwordRequired: true }` until unlocked). */
    password: sharePasswordSchema.nullable().optional(),
    /** Who the link is for ("mastering engineer"), shown with its listens. */
    recipient: recipient
      .nullable()
      .optional()
      .transform((v) => v || null),
    /** An upload link's caps (defaults 5 files, 2 GB in all). */
    maxFiles: z.number().int().min(1).max(SHARE_UPLOAD_LIMITS.maxFiles).optional(),
    maxBytes: z.number().int().min(1).max(SHARE_UPLOAD_LIMITS.maxBytes).optional(),
    trackId: id().optional(),
    playlistId: id().optional(),
    /** When the link stops working; null or left out: never. Must lie in the future. */
    expiresAt: z.iso
      .datetime({ offset: true, message: 'expiresAt must be an ISO date and time' })
      .nullable()
      .optional(),
    allowDownload: z.boolean().optional(),
    /** For a track: the link also opens its versions, to compare them A/B (issue 43). */
    allowVersions: z.boolean().optional(),
    description: description
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .strict()
  .refine((b) => b.kind !== 'upload' || (b.trackId === undefined && b.playlistId === undefined), {
    message: SHARE_UPLOAD_ITEM_MESSAGE,
    path: ['kind'],
  })
  .refine((b) => b.kind === 'upload' || (b.trackId === undefined) !== (b.playlistId === undefined), {
    message: SHARE_ONE_ITEM_MESSAGE,
    path: ['trackId'],
  })
  .refine((b) => b.kind === 'upload' || (b.maxFiles === undefined && b.maxBytes === undefined), {
    message: SHARE_CAPS_UPLOAD_ONLY_MESSAGE,
    path: ['maxFiles'],
  })
  .refine((b) => !(b.allowVersions && b.playlistId !== undefined), {
    message: SHARE_VERSIONS_TRACK_ONLY_MESSAGE,
    path: ['allowVersions'],
  });
export type CreateShareBody = z.infer<typeof createShareBodySchema>;
/** What a client sends (kind may be left out: `listen`). */
export type CreateShareInput = z.input<typeof createShareBodySchema>;

export const SHARE_COMMENTS_REVIEW_ONLY_MESSAGE = 'Only a review link takes comments to close or reopen';

/**
 * PATCH /api/shares/{id} (issue 45, decision 0704): what the owner may change on a link after making
 * it. Each field left out stays; `password` null removes it, a string sets a new one (either ends
 * every earlier unlock); `commentsClosed` is a review link's only (400 otherwise).
 */
export const updateShareBodySchema = z
  .object({
    recipient: recipient
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    description: description
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    password: sharePasswordSchema.nullable().optional(),
    commentsClosed: z.boolean().optional(),
    /** A new end (in the future), or null: never. */
    expiresAt: z.iso
      .datetime({ offset: true, message: 'expiresAt must be an ISO date and time' })
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateShareBody = z.infer<typeof updateShareBodySchema>;
export type UpdateShareInput = z.input<typeof updateShareBodySchema>;

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
    allowVersions: z.boolean(),
    description: z.string().nullable(),
    /** Times the link was opened (GET /api/shares/by-token/{token}). */
    visits: z.number(),
    kind: z.enum(SHARE_KINDS),
    /** Whether opening it asks for a password (the password itself is never shown again). */
    hasPassword: z.boolean(),
    recipient: z.string().nullable(),
    /** A review link whose owner closed commenting. */
    commentsClosed: z.boolean(),
    /** An upload link's caps; null for the other kinds. */
    maxFiles: z.number().nullable(),
    maxBytes: z.number().nullable(),
    /** What an upload link has received so far (files, bytes); null for the other kinds. */
    received: z.object({ files: z.number(), bytes: z.number() }).nullable(),
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
  /** The track's versions through the token (same shape as GET /api/tracks/{id}/versions); null unless the link allows versions. */
  versionsUrl: z.string().nullable(),
  /** EBU R128 integrated loudness (LUFS) and true peak (dBTP) of the current version; null until measured. */
  loudnessLufs: z.number().nullable(),
  truePeakDb: z.number().nullable(),
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
  allowVersions: z.boolean(),
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
    // An upload link opens no item: its page takes files (share-uploads.ts, decision 0730).
    z.object({
      type: z.literal('upload'),
      description: z.string().nullable(),
      expiresAt: z.string().nullable(),
      owner: shareOwnerSchema,
      ...uploadLinkFacts,
    }),
  ])
  .meta({ id: 'SharedItem' });
export type SharedItem = z.infer<typeof sharedItemSchema>;

import { z } from 'zod';
import { LIMITS, SOCIAL_LINK_TYPES, type SocialLinkType } from '../constants';
import { looksLikeUserId } from '../profile-path';
import { normaliseSocialLink } from '../social-links';
import { authUserSchema } from './auth';
import { userSummarySchema } from './collectives';
import { apiErrorSchema } from './common';
import { pageLimit, text } from './primitives';
import { receivedFromSchema } from './share-uploads';
import { trackSchema } from './tracks';

export const USERNAME_MAX = 40;
/** A username shaped like an internal user id would make /profile/{x} ambiguous (decision 0203). */
export const USERNAME_LOOKS_LIKE_ID_MESSAGE = 'Username may not look like a user id (u_ and 16 letters)';

// The services and their links live in social-links.ts (decision 0575); these names stay for callers.
export { completeSocialLink, SOCIAL_SERVICES } from '../social-links';

const usernameText = text('Username')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}_.-]*$/u, 'Username may use letters, numbers, dots, dashes and underscores')
  .refine((name) => !looksLikeUserId(name), USERNAME_LOOKS_LIKE_ID_MESSAGE);
const bioText = text('About', { multiline: true }).max(
  LIMITS.bio,
  `About must be at most ${LIMITS.bio} characters`,
);
const emptyAsOmitted = <T>(v: T) => (v === '' ? undefined : v);

/** A link field: empty clears the link; anything else becomes the service's URL or is refused. */
const socialLinkField = (type: SocialLinkType) =>
  text('A link')
    .max(300, 'A link must be at most 300 characters')
    .transform((value, ctx) => {
      if (value === '') return null;
      const link = normaliseSocialLink(type, value);
      if (link.ok) return link.url;
      ctx.addIssue({ code: 'custom', message: link.message });
      return z.NEVER;
    });

/** What a request may hold at most, whatever the fields' own limits: a bound on work, not a rule. */
const PROFILE_REQUEST_TEXT_MAX = 10_000;
const requestText = z
  .string()
  .max(PROFILE_REQUEST_TEXT_MAX, `At most ${PROFILE_REQUEST_TEXT_MAX} characters`);

/**
 * PATCH /api/user/profile: the request's shape (a wrong shape is a 400). Each field's value is then
 * checked on its own (checkProfile), so one bad field does not keep the others from being saved
 * (issue 42, decision 0575).
 */
export const updateProfileBodySchema = z
  .object({
    username: requestText.optional(),
    bio: requestText.nullable().optional(),
    socialLinks: z.partialRecord(z.enum(SOCIAL_LINK_TYPES), requestText.nullable()).optional(),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** A field of the profile form, as a refusal names it. */
export type ProfileField = 'username' | 'bio' | `socialLinks.${SocialLinkType}`;
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

/**
 * What a save changes. Username and About are trimmed, and an empty one is left out (the earlier
 * value stays, spec section 5); About sent as null is cleared; links are merged per link, null
 * clearing one (decision 0024).
 */
export interface ProfileChanges {
  username?: string;
  bio?: string | null;
  socialLinks?: Partial<Record<SocialLinkType, string | null>>;
}

const usernameField = usernameText.transform(emptyAsOmitted);
const bioField = bioText.nullable().transform(emptyAsOmitted);

/** Each field checked on its own: the valid ones to save, a message for each of the others. */
export function checkProfile(body: z.output<typeof updateProfileBodySchema>): {
  changes: ProfileChanges;
  fieldErrors: ProfileFieldErrors;
} {
  const changes: ProfileChanges = {};
  const fieldErrors: ProfileFieldErrors = {};
  const check = <T>(field: ProfileField, schema: z.ZodType<T>, value: unknown, keep: (v: T) => void) => {
    const result = schema.safeParse(value);
    if (result.success) keep(result.data);
    else fieldErrors[field] = result.error.issues[0]?.message ?? 'Invalid value';
  };
  if (body.username !== undefined)
    check('username', usernameField, body.username, (v) => (changes.username = v));
  if (body.bio !== undefined) check('bio', bioField, body.bio, (v) => (changes.bio = v));
  if (changes.username === undefined) delete changes.username;
  if (changes.bio === undefined) delete changes.bio;
  for (const type of SOCIAL_LINK_TYPES) {
    const value = body.socialLinks?.[type];
    if (value === undefined) continue;
    check(`socialLinks.${type}`, socialLinkField(type).nullable(), value, (url) => {
      changes.socialLinks = { ...changes.socialLinks, [type]: url };
    });
  }
  return { changes, fieldErrors };
}

/** A refusal's message: why each field was refused (each message names its field), in form order. */
export const fieldErrorsMessage = (errors: ProfileFieldErrors) => Object.values(errors).join('; ');

/**
 * The 422 of PATCH /api/user/profile: some fields were refused (`fieldErrors`, by field), the others
 * saved; `user` is the profile as it now is.
 */
export const profileRefusalSchema = apiErrorSchema.extend({
  fieldErrors: z.record(z.string(), z.string()),
  user: authUserSchema,
});
export type ProfileRefusal = z.infer<typeof profileRefusalSchema>;

/**
 * The profile form (client), every field a string, checked field by field with the server's rules
 * as a section is confirmed; the form sends what the person typed (profileBody) and the server
 * saves the valid fields (decision 0575).
 */
export const profileFormSchema = z.object({
  username: usernameText,
  bio: bioText,
  socialLinks: z.object(
    Object.fromEntries(SOCIAL_LINK_TYPES.map((type) => [type, socialLinkField(type).optional()])) as Record<
      SocialLinkType,
      z.ZodOptional<ReturnType<typeof socialLinkField>>
    >,
  ),
});

/**
 * What the form sends: the username trimmed (an empty one is left out by the server), an emptied
 * About or link as null, so it is cleared (decision 0024).
 */
export function profileBody(values: z.input<typeof profileFormSchema>): UpdateProfileBody {
  return {
    username: values.username.trim(),
    bio: values.bio.trim() || null,
    socialLinks: Object.fromEntries(
      SOCIAL_LINK_TYPES.map((type) => [type, values.socialLinks[type]?.trim() || null]),
    ),
  };
}

export const updatePrivacyBodySchema = z.object({ isPublic: z.boolean() }).strict();

export const publicUserSchema = userSummarySchema.extend({
  bio: z.string().nullable(),
  socialLinks: z.partialRecord(z.enum(SOCIAL_LINK_TYPES), z.string()),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * GET /api/public/users/{userId}: a user's id or, ignoring case, their username (decision 0203).
 * Any text, as ids made before 0008 (tests, hand-made rows) need not have the `u_` shape.
 */
export const publicUserParamsSchema = z.object({
  userId: text('User id', { trim: false }).min(1, 'User id is required').max(200, 'User id is too long'),
});

/**
 * A public profile's tracks in pages (issue 48): page sizes; `first`, how many of the newest the
 * profile itself holds (it used to hold every one; 2,000 were a 1.5 MB reply); and `counted`, up to
 * how many it counts ('N tracks shared'; past that, 'N+'), so that no count reads a whole journal.
 */
export const PUBLIC_PROFILE_TRACKS = { min: 1, max: 200, first: 50, counted: 1000 } as const;

/**
 * GET /api/public/users/{userId}: `tracks` are the newest PUBLIC_PROFILE_TRACKS.first public tracks;
 * `trackCount` how many there are, at most PUBLIC_PROFILE_TRACKS.counted, `trackCountCapped` true
 * when there are more; `nextCursor` reads on at …/tracks (null: no more).
 */
export const publicProfileSchema = z.object({
  user: publicUserSchema,
  tracks: z.array(trackSchema),
  trackCount: z.number().int().nonnegative(),
  trackCountCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** GET /api/public/users/{userId}/tracks: `limit` (default the profile's first page) and a `cursor`. */
export const publicProfileTracksQuerySchema = z.object({
  limit: pageLimit(PUBLIC_PROFILE_TRACKS).default(PUBLIC_PROFILE_TRACKS.first),
  cursor: z.string().max(200, 'cursor is not one this server gave').optional(),
});

/** One page of a public profile's tracks, newest first: `nextCursor` is null on the last page. */
export const publicProfileTrackPageSchema = z.object({
  items: z.array(trackSchema),
  nextCursor: z.string().nullable(),
});
export type PublicProfileTrackPage = z.infer<typeof publicProfileTrackPageSchema>;

/** GET /api/tracks/{id}: a track anyone allowed to hear it may see, with its owner. */
export const sharedTrackSchema = z.object({
  track: trackSchema,
  user: userSummarySchema,
  /** For its owner only: the guest and upload link a received track came from (issue 45); else null. */
  received: receivedFromSchema.nullable().optional(),
});
export type SharedTrack = z.infer<typeof sharedTrackSchema>;

export const PROFILE_NOT_FOUND = 'Profile not found';

/** GET /api/user/storage: the audio the signed-in person stores, and their quota (null: none). */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

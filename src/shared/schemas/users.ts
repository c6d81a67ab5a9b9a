import { z } from 'zod';
import { LIMITS, SOCIAL_LINK_TYPES, type SocialLinkType } from '../constants';
import { looksLikeUserId } from '../profile-path';
import { userSummarySchema } from './collectives';
import { text } from './primitives';
import { trackSchema } from './tracks';

export const USERNAME_MAX = 40;
/** A username shaped like an internal user id would make /profile/{x} ambiguous (decision 0203). */
export const USERNAME_LOOKS_LIKE_ID_MESSAGE = 'Username may not look like a user id (u_ and 16 letters)';

/** Each service's name and the hosts its profile links live on. */
export const SOCIAL_SERVICES: Record<SocialLinkType, { label: string; hosts: RegExp; example: string }> = {
  bluesky: {
    label: 'Bluesky',
    hosts: /^(www\.)?bsky\.app$/,
    example: 'https://bsky.app/profile/you.bsky.social',
  },
  instagram: { label: 'Instagram', hosts: /^(www\.)?instagram\.com$/, example: 'https://instagram.com/you' },
  soundcloud: {
    label: 'SoundCloud',
    hosts: /^(www\.|m\.)?soundcloud\.com$/,
    example: 'https://soundcloud.com/you',
  },
  bandcamp: {
    label: 'Bandcamp',
    hosts: /^([a-z0-9-]+\.)?bandcamp\.com$/,
    example: 'https://you.bandcamp.com',
  },
  spotify: { label: 'Spotify', hosts: /^open\.spotify\.com$/, example: 'https://open.spotify.com/artist/…' },
  youtube: {
    label: 'YouTube',
    hosts: /^((www|m|music)\.)?youtube\.com$|^youtu\.be$/,
    example: 'https://youtube.com/@you',
  },
};

// A scheme such as `https:`, `http:` or `javascript:` at the start of what was typed.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What people type is often the address bar's text without the scheme ('instagram.com/you'): such a
 * link is completed with `https://` rather than refused (decision 0111). Anything that already
 * names a scheme is left alone, so `http:` or `javascript:` links are still refused.
 */
export function completeSocialLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** 'a SoundCloud', 'an Instagram': the article goes by the sound of the service's name. */
const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

/** Why a social link is refused, or undefined when it is a fine https link to that service. */
export function socialLinkProblem(type: SocialLinkType, value: string): string | undefined {
  const service = SOCIAL_SERVICES[type];
  const bad = `${service.label} link must be ${withArticle(service.label)} address like ${service.example}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad;
  }
  if (
    url.protocol !== 'https:' ||
    !service.hosts.test(url.hostname.toLowerCase()) ||
    url.username ||
    url.password
  )
    return bad;
  return undefined;
}

/**
 * Social links in a profile save, merged per link (decision 0024): a link sent is set, a link sent
 * empty or null is cleared, and a link not sent is kept. A link without a scheme gets `https://`
 * (completeSocialLink) before it is checked, on the server and in the profile form alike.
 */
const socialLinksPatch = z
  .partialRecord(
    z.enum(SOCIAL_LINK_TYPES),
    text('A link').max(300, 'A link must be at most 300 characters').transform(completeSocialLink).nullable(),
  )
  .superRefine((links, ctx) => {
    for (const type of SOCIAL_LINK_TYPES) {
      const value = links[type];
      if (!value) continue;
      const problem = socialLinkProblem(type, value);
      if (problem) ctx.addIssue({ code: 'custom', path: [type], message: problem });
    }
  })
  .transform(
    (links) =>
      Object.fromEntries(Object.entries(links).map(([type, v]) => [type, v || null])) as Partial<
        Record<SocialLinkType, string | null>
      >,
  );

const usernameText = text('Username')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}_.-]*$/u, 'Username may use letters, numbers, dots, dashes and underscores')
  .refine((name) => !looksLikeUserId(name), USERNAME_LOOKS_LIKE_ID_MESSAGE);
const bioText = text('About', { multiline: true }).max(
  LIMITS.bio,
  `About must be at most ${LIMITS.bio} characters`,
);
const emptyAsOmitted = <T>(v: T) => (v === '' ? undefined : v);

/**
 * PATCH /api/user/profile. Username and About are trimmed, and an empty one is left out (the
 * earlier value stays, spec section 5); About sent as null is cleared (decision 0024).
 */
export const updateProfileBodySchema = z
  .object({
    username: usernameText.optional().transform(emptyAsOmitted),
    bio: bioText.nullable().optional().transform(emptyAsOmitted),
    socialLinks: socialLinksPatch.optional(),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export type ProfileChanges = z.output<typeof updateProfileBodySchema>;

/**
 * The profile form (client): every field a string. It saves what the person sees: an emptied
 * About is sent as null and an emptied link as null, so both are cleared; an empty username is left
 * out, since the display name falls back to the person's names.
 */
export const profileFormSchema = updateProfileBodySchema.extend({
  bio: bioText.transform((v) => v || null),
});

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

/** GET /api/public/users/{userId}. */
export const publicProfileSchema = z.object({ user: publicUserSchema, tracks: z.array(trackSchema) });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** GET /api/tracks/{id}: a track anyone allowed to hear it may see, with its owner. */
export const sharedTrackSchema = z.object({ track: trackSchema, user: userSummarySchema });
export type SharedTrack = z.infer<typeof sharedTrackSchema>;

export const PROFILE_NOT_FOUND = 'Profile not found';

/** GET /api/user/storage: the audio the signed-in person stores, and their quota (null: none). */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

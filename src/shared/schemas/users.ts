import { z } from 'zod';
import { LIMITS, SOCIAL_LINK_TYPES, type SocialLinkType } from '../constants';
import { userSummarySchema } from './collectives';
import { trackSchema } from './tracks';

export const USERNAME_MAX = 40;

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

/** Why a social link is refused, or undefined when it is a fine https link to that service. */
export function socialLinkProblem(type: SocialLinkType, value: string): string | undefined {
  const service = SOCIAL_SERVICES[type];
  const bad = `${service.label} link must be a ${service.label} address like ${service.example}`;
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

const socialLinksInput = z
  .partialRecord(
    z.enum(SOCIAL_LINK_TYPES),
    z.string().trim().max(300, 'A link must be at most 300 characters'),
  )
  .superRefine((links, ctx) => {
    for (const type of SOCIAL_LINK_TYPES) {
      const value = links[type];
      if (!value) continue;
      const problem = socialLinkProblem(type, value);
      if (problem) ctx.addIssue({ code: 'custom', path: [type], message: problem });
    }
  })
  // Empty links are omitted (spec section 5: empty values are not sent).
  .transform(
    (links) =>
      Object.fromEntries(Object.entries(links).filter(([, v]) => v)) as Partial<
        Record<SocialLinkType, string>
      >,
  );

const optionalTrimmed = (schema: z.ZodString) =>
  schema.optional().transform((v) => (v === undefined || v === '' ? undefined : v));

export const updateProfileBodySchema = z
  .object({
    username: optionalTrimmed(
      z
        .string()
        .trim()
        .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
        .regex(/^[\p{L}\p{N}_.-]*$/u, 'Username may use letters, numbers, dots, dashes and underscores'),
    ),
    bio: optionalTrimmed(z.string().trim().max(LIMITS.bio, `About must be at most ${LIMITS.bio} characters`)),
    socialLinks: socialLinksInput.optional(),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const updatePrivacyBodySchema = z.object({ isPublic: z.boolean() }).strict();

export const publicUserSchema = userSummarySchema.extend({
  bio: z.string().nullable(),
  socialLinks: z.partialRecord(z.enum(SOCIAL_LINK_TYPES), z.string()),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

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

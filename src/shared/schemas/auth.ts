import { z } from 'zod';
import { SOCIAL_LINK_TYPES } from '../constants';

export const socialLinksSchema = z.partialRecord(z.enum(SOCIAL_LINK_TYPES), z.string());

/** GET /api/auth/user: the signed-in user, with claims.isDemo (spec section 7). */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  socialLinks: socialLinksSchema,
  isPublic: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }).or(z.date()),
  updatedAt: z.iso.datetime({ offset: true }).or(z.date()),
  claims: z.object({ isDemo: z.boolean(), sub: z.string() }),
  /** Named by ADMIN_USERS (decision 0445): the sidebar shows "Admin". */
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** GET /api/auth/config: which ways of signing in this server offers. */
export const authConfigSchema = z.object({ googleEnabled: z.boolean(), demoEnabled: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const csrfTokenSchema = z.object({ csrfToken: z.string() });

/** POST /api/auth/manual-session body: the one-time hand-off token from /?auth=success&handoff=… */
export const manualSessionBodySchema = z.object({ handoff: z.string().min(1).max(200).optional() });

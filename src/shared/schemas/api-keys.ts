import { z } from 'zod';
import { text } from './primitives';

/**
 * Credentials for apps that speak the OpenSubsonic API (issue 26, decision 0385): API keys
 * (OpenSubsonic apiKeyAuthentication) and app passwords (for apps that only know `u`+`t`+`s` or
 * `u`+`p`). The secret is in the reply to POST only: shown once, never listed.
 */

export const API_CREDENTIAL_KINDS = ['api-key', 'app-password'] as const;
export type ApiCredentialKind = (typeof API_CREDENTIAL_KINDS)[number];
export const API_CREDENTIAL_NAME_MAX = 100;
/** Enough for every app and device someone listens on; bounds what one account may store. */
export const API_CREDENTIALS_PER_USER = 50;
export const API_CREDENTIALS_LIMIT_MESSAGE = `You have ${API_CREDENTIALS_PER_USER} keys and app passwords: revoke one first`;

/** POST /api/user/api-keys: `{ name }` makes an API key; `kind: 'app-password'` an app password. */
export const createApiKeyBodySchema = z
  .object({
    name: text('Name')
      .min(1, 'Name is required')
      .max(API_CREDENTIAL_NAME_MAX, `Name must be at most ${API_CREDENTIAL_NAME_MAX} characters`),
    kind: z.enum(API_CREDENTIAL_KINDS).optional(),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The reply to POST: `key` is the API key or the app password, shown this once. */
export const createdApiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** One credential as its owner's list shows it: no secret, not even part of one. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(API_CREDENTIAL_KINDS),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

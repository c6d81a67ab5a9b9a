import { z } from 'zod';
import { apiErrorSchema } from './common';
import { sharePasswordSchema } from './shares';

/**
 * A share link's password (issue 45, decisions 0700-0703): what the signed-out page sends to unlock
 * it, and the one error that says a link asks for it.
 */

export const SHARE_PASSWORD_REQUIRED_MESSAGE = 'This link asks for a password';
export const SHARE_WRONG_PASSWORD_MESSAGE = 'That password is not right';
/** Wrong tries per link and address before even the right password waits for the window's end. */
export const SHARE_UNLOCK_TRIES = 5;
export const shareUnlockLockedMessage = (seconds: number) =>
  `Too many wrong passwords for this link. Try again in ${seconds} s.`;

/** POST /api/shares/by-token/{token}/unlock. Any text up to the longest password: no length hint. */
export const unlockShareBodySchema = z
  .object({
    password: z
      .string()
      .min(1, 'Enter the password')
      .max(sharePasswordSchema.maxLength ?? 200),
  })
  .strict();
export type UnlockShareBody = z.infer<typeof unlockShareBodySchema>;

/** A password link's reads (and a wrong password) before it is unlocked: 401 with `passwordRequired`. */
export const passwordRequiredSchema = apiErrorSchema
  .extend({ passwordRequired: z.literal(true).describe('Unlock the link with its password first') })
  .meta({
    id: 'SharePasswordRequired',
    description: 'The link asks for its password: POST …/unlock first (or the password was wrong)',
  });
export type PasswordRequiredBody = z.infer<typeof passwordRequiredSchema>;

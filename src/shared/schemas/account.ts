import { z } from 'zod';

/**
 * Leaving (issue 27, decision 0420): `DELETE /api/user` removes the account and everything it owns.
 * The person confirms by typing their username (any case) or this word; the dialog and the server
 * check it with the same rule (confirmsAccountDeletion).
 */
export const ACCOUNT_DELETION_WORD = 'delete';

export const deleteAccountBodySchema = z.object({
  confirm: z
    .string()
    .max(200)
    .describe(`Your username (any case) or "${ACCOUNT_DELETION_WORD}", typed to confirm`),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Whether what was typed confirms the deletion of the account named `username` (may have none). */
export function confirmsAccountDeletion(typed: string, username: string | null | undefined): boolean {
  const value = typed.trim().toLowerCase();
  if (value === ACCOUNT_DELETION_WORD) return true;
  return Boolean(username) && value === username!.toLowerCase();
}

export const ACCOUNT_DELETION_REFUSED = `Type your username or "${ACCOUNT_DELETION_WORD}" to confirm the deletion of your account`;

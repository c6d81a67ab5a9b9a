import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ACCOUNT_DELETION_WORD, confirmsAccountDeletion } from '../../../shared/schemas/account';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { useDeleteAccount } from './use-delete-account';

/**
 * The last question before an account goes (decision 0420): what is removed, what happens to the
 * person's collectives and comments, a pointer to "Download my data", and a field where they type
 * their username or "delete". The button stays off until it matches, with the server's own rule.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  username,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string | null;
}) {
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const fieldId = useId();
  const errorId = useId();
  const confirmed = confirmsAccountDeletion(typed, username);
  const error = remove.isError ? errorMessage(remove.error, 'Could not delete your account') : null;
  const ask = username ? (
    <>
      your username <strong className="text-foreground">{username}</strong> or “{ACCOUNT_DELETION_WORD}”
    </>
  ) : (
    <>“{ACCOUNT_DELETION_WORD}”</>
  );

  const change = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setTyped('');
      remove.reset();
    }
    onOpenChange(next);
  };

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !remove.isPending) remove.mutate({ confirm: typed });
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="grid gap-2">
                <p>This cannot be undone. Deleting your account removes, for good:</p>
                <ul className="list-disc pl-5">
                  <li>your tracks with every version and file, your playlists and images</li>
                  <li>your likes, plays, share links and API keys</li>
                  <li>the comments you wrote (other people's replies to them stay)</li>
                  <li>notifications about you, and every session: you are signed out everywhere</li>
                </ul>
                <p>
                  Collectives you own pass to their longest-standing admin, or else their longest-standing
                  member; a collective with nobody else in it is deleted with its content.
                </p>
                <p>Want a copy first? Use “Download my data” on this page before you go.</p>
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <label htmlFor={fieldId} className="text-sm">
              To confirm, type {ask}
            </label>
            <Input
              id={fieldId}
              value={typed}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Delete my account
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

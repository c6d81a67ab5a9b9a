import { UserX } from 'lucide-react';
import { useState } from 'react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { AccountCard } from './account-card';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The profile's danger zone (issue 27, decision 0420): "Delete my account". */
export function DeleteAccountSection({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  return (
    <AccountCard
      icon={UserX}
      title="Delete my account"
      description="Remove your account and everything in it, for good."
      action={
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">
        Your tracks, playlists, comments and the rest go with it; collectives you own pass to another member.
        You will be asked to confirm.
      </p>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} username={user.username} />
    </AccountCard>
  );
}

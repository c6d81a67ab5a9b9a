import { Ban } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '../../../shared/format';
import type { PublicUser } from '../../../shared/schemas/users';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { useBlock, useBlocks, useUnblock } from './use-blocks';

/**
 * Block / Unblock on someone else's public profile (issue 28, decision 0450). Blocking asks first
 * and says what it does; unblocking does not need to.
 */
export function BlockButton({ user }: { user: PublicUser }) {
  const blocks = useBlocks();
  const block = useBlock();
  const unblock = useUnblock();
  const [confirming, setConfirming] = useState(false);
  const name = displayName(user);
  if (!blocks.data) return null;
  const blocked = blocks.data.some((b) => b.user.id === user.id);

  return (
    <>
      {blocked ? (
        <Button variant="outline" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate(user)}>
          Unblock
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled={block.isPending} onClick={() => setConfirming(true)}>
          <Ban aria-hidden />
          Block
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${name}?`}
        description={
          <>
            {name} will no longer be able to mention you, comment on your tracks or playlists, join through
            your invite links, or see your profile while signed in. You will not be able to comment on theirs
            or mention them either. Nothing already written is deleted, and you can unblock them at any time
            from your profile.
          </>
        }
        confirmLabel="Block"
        onConfirm={() => {
          block.mutate(user);
          setConfirming(false);
        }}
      />
    </>
  );
}

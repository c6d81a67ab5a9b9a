import { DoorOpen, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CollectiveWithRole } from '../../../shared/schemas/collectives';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { LeaveCollectiveDialog } from './member-actions-menu';
import { useDeleteCollective, useLeaveCollective } from './use-manage-collective';

/** The owner's confirmation, naming the collective (issue 13). */
export function DeleteCollectiveDialog({
  open,
  onOpenChange,
  collective,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collective: CollectiveWithRole;
}) {
  const remove = useDeleteCollective(collective.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${collective.name}?`}
      description="Its members, shared playlists, comments and invite links go with it. The members' own playlists and tracks stay in their journals. This cannot be undone."
      confirmLabel="Delete Collective"
      onConfirm={() => remove.mutate(collective.name)}
    />
  );
}

/** Leave or delete, on the collective's header, as the caller's abilities allow. */
export function CollectiveActionsMenu({
  collective,
  myUserId,
}: {
  collective: CollectiveWithRole;
  myUserId: string;
}) {
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const leave = useLeaveCollective(collective.id, myUserId);
  const { abilities } = collective;
  if (!abilities.leave && !abilities.deleteCollective) return null;
  const close = (open: boolean) => !open && setConfirming(null);

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="More collective actions">
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {abilities.leave && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('leave')}>
              <DoorOpen aria-hidden />
              Leave collective
            </DropdownMenuItem>
          )}
          {abilities.deleteCollective && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('delete')}>
              <Trash2 aria-hidden />
              Delete collective
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <LeaveCollectiveDialog
        open={confirming === 'leave'}
        onOpenChange={close}
        collectiveName={collective.name}
        onConfirm={() => leave.mutate(collective.name)}
      />
      {abilities.deleteCollective && (
        <DeleteCollectiveDialog open={confirming === 'delete'} onOpenChange={close} collective={collective} />
      )}
    </>
  );
}

import { Crown, DoorOpen, Shield, ShieldOff, UserMinus } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import type { CollectiveMember } from '../../../shared/schemas/collectives';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import {
  useChangeRole,
  useLeaveCollective,
  useRemoveMember,
  useTransferOwnership,
} from './use-manage-collective';

type Confirming = 'remove' | 'transfer' | 'leave' | null;

export interface MemberActionsProps {
  collectiveId: number;
  collectiveName: string;
  member: CollectiveMember;
  name: string;
  myUserId: string;
}

/**
 * The menu on one member's row (decision 0121), loaded with its first use (member-actions-trigger.tsx
 * shows the trigger until then). It offers exactly what the server said the caller may do to this
 * member (`member.abilities`); promoting and demoting act at once (each undoes the other),
 * removing, handing over and leaving ask first.
 */
export function RadixMemberActionsMenu({
  collectiveId,
  collectiveName,
  member,
  name,
  myUserId,
  children,
  defaultOpen,
}: MemberActionsProps & { children: ReactElement; defaultOpen?: boolean }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const changeRole = useChangeRole(collectiveId);
  const remove = useRemoveMember(collectiveId);
  const transfer = useTransferOwnership(collectiveId);
  const leave = useLeaveCollective(collectiveId, myUserId);
  const a = member.abilities;
  const self = member.userId === myUserId;
  const close = (open: boolean) => !open && setConfirming(null);

  return (
    <>
      {/* Not modal: a modal menu handing focus to a dialog it opens leaves the page inert. */}
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {a.makeAdmin && (
            <DropdownMenuItem
              onSelect={() => changeRole.mutate({ userId: member.userId, role: 'admin', name })}
            >
              <Shield aria-hidden />
              Make admin
            </DropdownMenuItem>
          )}
          {a.makeMember && (
            <DropdownMenuItem
              onSelect={() => changeRole.mutate({ userId: member.userId, role: 'member', name })}
            >
              <ShieldOff aria-hidden />
              {self ? 'Step down as admin' : 'Remove admin role'}
            </DropdownMenuItem>
          )}
          {a.makeOwner && (
            <DropdownMenuItem onSelect={() => setConfirming('transfer')}>
              <Crown aria-hidden />
              Transfer ownership
            </DropdownMenuItem>
          )}
          {a.remove && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('remove')}>
              <UserMinus aria-hidden />
              Remove from collective
            </DropdownMenuItem>
          )}
          {a.leave && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('leave')}>
              <DoorOpen aria-hidden />
              Leave collective
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming === 'remove'}
        onOpenChange={close}
        title={`Remove ${name} from ${collectiveName}?`}
        description="The playlists they shared here leave with them. They can come back only with a new invite."
        confirmLabel="Remove"
        onConfirm={() => remove.mutate({ userId: member.userId, name })}
      />
      <ConfirmDialog
        open={confirming === 'transfer'}
        onOpenChange={close}
        title={`Make ${name} the owner of ${collectiveName}?`}
        description="They get the settings and can delete the collective. You stay on as an admin."
        confirmLabel="Transfer ownership"
        onConfirm={() => transfer.mutate({ userId: member.userId, name })}
      />
      <LeaveCollectiveDialog
        open={confirming === 'leave'}
        onOpenChange={close}
        collectiveName={collectiveName}
        onConfirm={() => leave.mutate(collectiveName)}
      />
    </>
  );
}

export function LeaveCollectiveDialog({
  open,
  onOpenChange,
  collectiveName,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collectiveName: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Leave ${collectiveName}?`}
      description="Your playlists shared here are taken out. You can come back only with a new invite."
      confirmLabel="Leave"
      onConfirm={onConfirm}
    />
  );
}

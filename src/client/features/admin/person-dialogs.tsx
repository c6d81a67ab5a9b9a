import { useId, useState } from 'react';
import { displayName } from '../../../shared/format';
import {
  type AdminPerson,
  confirmsAdminDeletion,
  SUSPENSION_REASON_MAX,
} from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useDeletePerson, useSetQuota, useSuspend } from './use-admin';

export type PersonAction = 'suspend' | 'quota' | 'delete';
/** How the person is shown; deleting asks for what the server checks (username, else id). */
const nameOf = (p: AdminPerson) => displayName(p);
const typedName = (p: AdminPerson) => p.username ?? p.id;
const MIB = 1024 ** 2;

/**
 * The console's three questions about a person (decision 0445): why suspend them, what quota, and
 * "type their username" before an account is deleted (the server checks the same rule).
 */
export function PersonDialog({
  person,
  action,
  onClose,
}: {
  person: AdminPerson;
  action: PersonAction;
  onClose: () => void;
}) {
  const suspend = useSuspend();
  const setQuota = useSetQuota();
  const remove = useDeletePerson();
  const [text, setText] = useState(
    action === 'quota' && person.quotaBytes !== null ? String(Math.round(person.quotaBytes / MIB)) : '',
  );
  const fieldId = useId();
  const pending = suspend.isPending || setQuota.isPending || remove.isPending;
  const finish = { onSuccess: onClose };

  const copy = {
    suspend: {
      title: `Suspend ${nameOf(person)}?`,
      description:
        'They are signed out everywhere at once and cannot sign in; their music apps stop working and their public pages and share links disappear. Nothing is deleted: lifting the suspension restores everything.',
      label: 'Reason (kept for admins)',
      confirm: 'Suspend',
      ready: text.trim().length > 0,
      submit: () => suspend.mutate({ person, reason: text.trim() }, finish),
    },
    quota: {
      title: `Storage quota of ${nameOf(person)}`,
      description: 'In MB. Leave empty for the instance default; 0 means unlimited.',
      label: 'Quota (MB)',
      confirm: 'Save quota',
      ready: text.trim() === '' || /^\d+$/.test(text.trim()),
      submit: () =>
        setQuota.mutate(
          { person, quotaBytes: text.trim() === '' ? null : Number(text.trim()) * MIB },
          finish,
        ),
    },
    delete: {
      title: `Delete the account of ${nameOf(person)}?`,
      description:
        'This cannot be undone: their tracks, playlists, comments, likes, share links and keys go, as if they deleted the account themselves. Collectives they own pass to another member.',
      label: `Type ${typedName(person)} to confirm`,
      confirm: 'Delete account',
      ready: confirmsAdminDeletion(text, person),
      submit: () => remove.mutate({ person, confirm: text }, finish),
    },
  }[action];

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (copy.ready && !pending) copy.submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{copy.title}</DialogTitle>
            <DialogDescription>{copy.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>{copy.label}</Label>
            <Input
              id={fieldId}
              value={text}
              maxLength={action === 'suspend' ? SUSPENSION_REASON_MAX : 200}
              inputMode={action === 'quota' ? 'numeric' : undefined}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={action === 'quota' ? 'default' : 'destructive'}
              disabled={!copy.ready || pending}
            >
              {copy.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

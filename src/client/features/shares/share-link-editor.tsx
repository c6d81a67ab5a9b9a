import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ShareLink, UpdateShareInput } from '../../../shared/schemas/shares';
import { SHARE_RECIPIENT_MAX } from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PasswordInput } from './password-input';
import { passwordProblem } from './share-link-access-fields';
import { type ShareItem, useUpdateShareLink } from './use-share-links';

/**
 * A link's changes after it was made (issue 45, decision 0705), inside its row as Revoke's question
 * is: rename who it is for, set, change or remove its password, close or reopen a review link's
 * commenting. Each saves on its own (PATCH /api/shares/{id}); the row shows the server's answer.
 */
export function ShareLinkEditor({
  link,
  item,
  onDone,
}: {
  link: ShareLink;
  item: ShareItem;
  onDone: () => void;
}) {
  const ids = { recipient: useId(), password: useId(), hint: useId() };
  const update = useUpdateShareLink(item);
  const [recipient, setRecipient] = useState(link.recipient ?? '');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const problem = checked ? passwordProblem(password) : null;
  const save = (changes: UpdateShareInput, done: string, onSuccess?: () => void) =>
    update.mutate({ id: link.id, changes, done }, { onSuccess });

  const saveRecipient = (e: FormEvent) => {
    e.preventDefault();
    save({ recipient: recipient.trim() || null }, 'Saved who the link is for');
  };
  const savePassword = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!password || passwordProblem(password)) return;
    save({ password }, link.hasPassword ? 'Password changed' : 'Password set', () => {
      setPassword('');
      setChecked(false);
    });
  };

  return (
    <fieldset className="grid gap-3 rounded-md bg-muted/50 px-2.5 py-2.5" disabled={update.isPending}>
      <legend className="sr-only">Edit this link</legend>
      <form onSubmit={saveRecipient} className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={ids.recipient} className="text-xs">
            Who is it for?
          </Label>
          <Input
            ref={first}
            id={ids.recipient}
            value={recipient}
            maxLength={SHARE_RECIPIENT_MAX}
            autoComplete="off"
            placeholder="e.g. mastering engineer"
            onChange={(e) => setRecipient(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" className="h-10">
          Save name
        </Button>
      </form>
      <form onSubmit={savePassword} className="grid gap-1" noValidate>
        <Label htmlFor={ids.password} className="text-xs">
          {link.hasPassword ? 'New password' : 'Set a password'}
        </Label>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <PasswordInput
              id={ids.password}
              value={password}
              autoComplete="new-password"
              aria-invalid={problem ? true : undefined}
              aria-describedby={ids.hint}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" size="sm" className="h-10">
            {link.hasPassword ? 'Change' : 'Set'}
          </Button>
        </div>
        <p id={ids.hint} className={problem ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {problem ??
            (link.hasPassword
              ? 'Whoever opened it with the old one is asked for the new one.'
              : 'Opening the link will ask for it.')}
        </p>
      </form>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {link.hasPassword && (
          <Button variant="outline" size="sm" onClick={() => save({ password: null }, 'Password removed')}>
            Remove password
          </Button>
        )}
        {link.kind === 'review' && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              save(
                { commentsClosed: !link.commentsClosed },
                link.commentsClosed ? 'Commenting reopened' : 'Commenting closed',
              )
            }
          >
            {link.commentsClosed ? 'Reopen commenting' : 'Close commenting'}
          </Button>
        )}
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </fieldset>
  );
}

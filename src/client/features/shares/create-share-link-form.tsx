import { Link2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ShareLink } from '../../../shared/schemas/shares';
import { SHARE_DESCRIPTION_MAX } from '../../../shared/schemas/shares';
import { PillChoice } from '../../components/pill-choice';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CopyLinkButton } from './copy-link-button';
import { shareExpiryLabel } from './share-link-format';
import {
  SHARE_EXPIRIES,
  SHARE_EXPIRY_LABELS,
  type ShareExpiry,
  type ShareItem,
  useCreateShareLink,
} from './use-share-links';

/** The link just made, ready to copy: its Copy button takes the focus. */
function NewLink({ link }: { link: ShareLink }) {
  const field = useId();
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => copy.current?.focus(), []);
  return (
    <div className="grid gap-2 rounded-lg border border-primary/50 bg-primary/10 p-3">
      <label htmlFor={field} className="text-sm font-medium">
        Your new link is ready{' '}
        <span className="font-normal text-muted-foreground">({shareExpiryLabel(link).toLowerCase()})</span>
      </label>
      <div className="flex gap-2">
        <Input
          id={field}
          readOnly
          value={link.url}
          className="min-w-0 flex-1 bg-background font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyLinkButton
          buttonRef={copy}
          url={link.url}
          label="Copy new link"
          description="Anyone with this link can open it until it expires or you revoke it."
        />
      </div>
    </div>
  );
}

/**
 * Making a private link (decision 0320): expiry (default 7 days), whether it allows downloading the
 * original, and an optional note for the owner's own list. The new link shows under the form.
 */
export function CreateShareLinkForm({ item }: { item: ShareItem }) {
  const ids = { download: useId(), description: useId() };
  const create = useCreateShareLink(item);
  const [expiry, setExpiry] = useState<ShareExpiry>('7d');
  const [allowDownload, setAllowDownload] = useState(false);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<ShareLink | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { expiry, allowDownload, description },
      {
        onSuccess: (link) => {
          setCreated(link);
          setDescription('');
        },
      },
    );
  };

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="grid gap-3 rounded-lg border border-border p-3" noValidate>
        <PillChoice
          legend="Expires after"
          options={SHARE_EXPIRIES}
          labels={SHARE_EXPIRY_LABELS}
          value={expiry}
          onChange={setExpiry}
        />
        <div className="flex items-start gap-2">
          <Checkbox
            id={ids.download}
            className="mt-0.5"
            checked={allowDownload}
            onCheckedChange={(checked) => setAllowDownload(checked === true)}
          />
          <Label htmlFor={ids.download} className="grid gap-0.5 leading-snug font-normal">
            <span>Allow download</span>
            <span className="text-xs text-muted-foreground">
              People with the link can save the original {item.kind === 'track' ? 'file' : 'files'}.
            </span>
          </Label>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.description}>Description (optional)</Label>
          <Input
            id={ids.description}
            value={description}
            maxLength={SHARE_DESCRIPTION_MAX}
            autoComplete="off"
            placeholder="Who is it for? e.g. For the mastering engineer"
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending} className="justify-self-start" data-autofocus>
          <Link2 aria-hidden />
          {create.isPending ? 'Creating...' : 'Create link'}
        </Button>
      </form>
      {created && <NewLink key={created.id} link={created} />}
    </div>
  );
}

import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { ShareLink } from '../../../shared/schemas/shares';
import { SHARE_DESCRIPTION_MAX } from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NewLinkReady } from './new-link-ready';
import {
  ExpiryChoice,
  LinkKindChoice,
  PasswordField,
  passwordProblem,
  RecipientField,
} from './share-link-access-fields';
import { SHARE_VERSIONS_LABEL, type ShareLinkKind, shareExpiryLabel } from './share-link-format';
import { type ShareExpiry, type ShareItem, useCreateShareLink } from './use-share-links';

/** The link just made, with when it expires. */
function NewLink({ link }: { link: ShareLink }) {
  return (
    <NewLinkReady
      link={link}
      heading={
        <>
          Your new link is ready{' '}
          <span className="font-normal text-muted-foreground">({shareExpiryLabel(link).toLowerCase()})</span>
        </>
      }
      copyLabel="Copy new link"
      copyDescription={
        link.hasPassword
          ? 'Anyone with this link and its password can open it until it expires or you revoke it.'
          : 'Anyone with this link can open it until it expires or you revoke it.'
      }
    />
  );
}

/** A labelled checkbox with a line saying what it allows. */
function Allow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
      />
      <Label htmlFor={id} className="grid gap-0.5 leading-snug font-normal">
        <span>{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </Label>
    </div>
  );
}

/**
 * Making a private link (decision 0320): its kind, who it is for and a password (issue 45), expiry (default 7 days), whether it allows downloading the
 * original, for a track whether it opens the track's versions to compare (decision 0623), and an
 * optional note for the owner's own list. The new link shows under the form.
 */
export function CreateShareLinkForm({ item }: { item: ShareItem }) {
  const ids = { description: useId() };
  const create = useCreateShareLink(item);
  const [expiry, setExpiry] = useState<ShareExpiry>('7d');
  const [allowDownload, setAllowDownload] = useState(false);
  const [allowVersions, setAllowVersions] = useState(false);
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<ShareLinkKind>('listen');
  const [recipient, setRecipient] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<ShareLink | null>(null);
  // Said once they tried to send, not while they type.
  const problem = checked ? passwordProblem(password) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (create.isPending || passwordProblem(password)) return;
    create.mutate(
      { expiry, allowDownload, allowVersions, description, kind, recipient, password },
      {
        onSuccess: (link) => {
          setCreated(link);
          setDescription('');
          setRecipient('');
          setPassword('');
          setChecked(false);
        },
      },
    );
  };

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="grid gap-3 rounded-lg border border-border p-3" noValidate>
        <LinkKindChoice value={kind} onChange={setKind} />
        <RecipientField value={recipient} onChange={setRecipient} placeholder="e.g. mastering engineer" />
        <PasswordField value={password} onChange={setPassword} problem={problem} />
        <ExpiryChoice value={expiry} onChange={setExpiry} />
        <Allow
          label="Allow download"
          hint={`People with the link can save the original ${item.kind === 'track' ? 'file' : 'files'}.`}
          checked={allowDownload}
          onChange={setAllowDownload}
        />
        {item.kind === 'track' && (
          <Allow
            label={SHARE_VERSIONS_LABEL}
            hint="People with the link can play every version of this track and switch between them."
            checked={allowVersions}
            onChange={setAllowVersions}
          />
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={ids.description}>Description (optional)</Label>
          <Input
            id={ids.description}
            value={description}
            maxLength={SHARE_DESCRIPTION_MAX}
            autoComplete="off"
            placeholder="A note for your own list"
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

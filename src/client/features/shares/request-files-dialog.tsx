import { Inbox, Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { formatStorageAmount } from '../../../shared/format';
import {
  SHARE_DESCRIPTION_MAX,
  SHARE_UPLOAD_DEFAULTS,
  SHARE_UPLOAD_LIMITS,
  type ShareLink,
} from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NewLinkReady } from './new-link-ready';
import { ExpiryChoice, PasswordField, RecipientField } from './share-link-access-fields';
import { UPLOAD_LINK_DESCRIPTION, UploadLinkList } from './upload-link-list';
import type { ShareExpiry } from './use-share-links';
import { useCreateUploadLink } from './use-upload-links';

const GB = 1024 ** 3;
const DEFAULT_GB = SHARE_UPLOAD_DEFAULTS.maxBytes / GB;
const MAX_GB = SHARE_UPLOAD_LIMITS.maxBytes / GB;

/** A labelled input with an optional hint under it. */
function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/**
 * "Request files…" (issue 45, decision 0736): an upload link for someone without an account, its
 * caps (5 files and 2 GB unless changed), an expiry and an optional password; the new link to copy;
 * the owner's upload links with what each received, to copy again or revoke. Loaded on first opening.
 */
export function RequestFilesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateUploadLink();
  const [recipient, setRecipient] = useState('');
  const [description, setDescription] = useState('');
  const [maxFiles, setMaxFiles] = useState(String(SHARE_UPLOAD_DEFAULTS.maxFiles));
  const [maxGb, setMaxGb] = useState(String(DEFAULT_GB));
  const [expiry, setExpiry] = useState<ShareExpiry>('30d');
  const [password, setPassword] = useState('');
  const [created, setCreated] = useState<ShareLink | null>(null);

  const files = Number(maxFiles);
  const gb = Number(maxGb);
  const filesValid = Number.isInteger(files) && files >= 1 && files <= SHARE_UPLOAD_LIMITS.maxFiles;
  const bytesValid = Number.isFinite(gb) && gb > 0 && gb <= MAX_GB;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending || !filesValid || !bytesValid) return;
    create.mutate(
      { recipient, description, maxFiles: files, maxBytes: Math.round(gb * GB), expiry, password },
      {
        onSuccess: (link) => {
          setCreated(link);
          setRecipient('');
          setDescription('');
          setPassword('');
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto max-sm:p-4 sm:max-w-xl">
        <DialogHeader className="pr-6">
          <DialogTitle className="flex items-center gap-2">
            <Inbox className="size-5 shrink-0 text-primary" aria-hidden />
            Request files
          </DialogTitle>
          <DialogDescription>
            Make a link that lets someone without an account send you audio files. They arrive in your journal
            as private tracks.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3 rounded-lg border border-border p-3" noValidate>
          <RecipientField
            value={recipient}
            onChange={setRecipient}
            hint="Shown with each file they send, e.g. “mastering engineer”."
          />
          <Field label="Message on the page (optional)">
            {(id) => (
              <Input
                id={id}
                value={description}
                maxLength={SHARE_DESCRIPTION_MAX}
                autoComplete="off"
                placeholder="e.g. Please send the stems of the EP"
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Most files" hint={`1 to ${SHARE_UPLOAD_LIMITS.maxFiles}`}>
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={SHARE_UPLOAD_LIMITS.maxFiles}
                  value={maxFiles}
                  aria-invalid={!filesValid || undefined}
                  onChange={(e) => setMaxFiles(e.target.value)}
                />
              )}
            </Field>
            <Field
              label="Most in all (GB)"
              hint={`Up to ${formatStorageAmount(SHARE_UPLOAD_LIMITS.maxBytes)}`}
            >
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={0.1}
                  step={0.1}
                  max={MAX_GB}
                  value={maxGb}
                  aria-invalid={!bytesValid || undefined}
                  onChange={(e) => setMaxGb(e.target.value)}
                />
              )}
            </Field>
          </div>
          <ExpiryChoice value={expiry} onChange={setExpiry} />
          <PasswordField
            value={password}
            onChange={setPassword}
            hint="They must type it before they can send anything."
          />
          <Button
            type="submit"
            disabled={create.isPending || !filesValid || !bytesValid}
            className="justify-self-start"
          >
            <Link2 aria-hidden />
            {create.isPending ? 'Creating...' : 'Create upload link'}
          </Button>
        </form>
        {created && (
          <NewLinkReady
            key={created.id}
            link={created}
            heading="Your upload link is ready"
            copyLabel="Copy upload link"
            copyDescription={UPLOAD_LINK_DESCRIPTION}
          />
        )}
        <UploadLinkList />
      </DialogContent>
    </Dialog>
  );
}

import { Download, Eye, Link2Off, Timer, Trash2 } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { ShareLink } from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { CopyLinkButton } from './copy-link-button';
import { isExpired, shareExpiryLabel, shareExpiryTitle, visitsLabel } from './share-link-format';
import { type ShareItem, useRevokeShareLink, useShareLinks } from './use-share-links';

/**
 * Revoke asks once more inside the row (a dialog over the dialog would hide which link it is): a line
 * under the link's facts, whole-width so it fits a phone. Focus follows the question: onto Cancel
 * when it appears, back to the Revoke button when it goes.
 */
function useRevokeConfirmation() {
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) revokeButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  return { confirming, setConfirming, revokeButton, cancelButton };
}

function RevokeConfirmation({
  link,
  item,
  cancelButton,
  onCancel,
}: {
  link: ShareLink;
  item: ShareItem;
  cancelButton: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
}) {
  const revoke = useRevokeShareLink(item);
  return (
    <fieldset className="flex flex-wrap items-center justify-end gap-2 rounded-md bg-destructive/10 px-2.5 py-2">
      <legend className="float-left mr-auto text-sm">
        Revoke this link?
        <span className="ml-1 text-xs text-muted-foreground">It stops working at once.</span>
      </legend>
      <Button ref={cancelButton} variant="outline" size="sm" disabled={revoke.isPending} onClick={onCancel}>
        Cancel
      </Button>
      <Button
        variant="destructive"
        size="sm"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(link.id, { onError: onCancel })}
      >
        {revoke.isPending ? 'Revoking...' : 'Revoke'}
      </Button>
    </fieldset>
  );
}

function Fact({
  icon: Icon,
  children,
  title,
  className,
}: {
  icon: typeof Eye;
  children: string;
  title?: string;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 whitespace-nowrap', className)} title={title}>
      <Icon className="size-3.5" aria-hidden />
      {children}
    </span>
  );
}

function ShareLinkRow({ link, item }: { link: ShareLink; item: ShareItem }) {
  const urlId = useId();
  const expired = isExpired(link);
  const { confirming, setConfirming, revokeButton, cancelButton } = useRevokeConfirmation();
  return (
    <li data-testid="share-link" className={cn('grid gap-1.5 px-3 py-2.5', expired && 'bg-muted/40')}>
      <div className="flex min-w-0 items-center gap-2">
        <div className="min-w-0 flex-1">
          {link.description && <p className="truncate text-sm font-medium">{link.description}</p>}
          <p
            id={urlId}
            title={link.url}
            className={cn('truncate font-mono text-xs', expired && 'text-muted-foreground line-through')}
          >
            {link.url}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {!expired && (
            <CopyLinkButton
              compact
              url={link.url}
              describedBy={urlId}
              description="Anyone with this link can open it until it expires or you revoke it."
            />
          )}
          <Button
            ref={revokeButton}
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive aria-expanded:text-destructive"
            aria-label="Revoke link"
            aria-describedby={urlId}
            aria-expanded={confirming}
            title="Revoke"
            onClick={() => setConfirming(!confirming)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <Fact
          icon={Timer}
          title={shareExpiryTitle(link)}
          className={expired ? 'font-medium text-destructive' : undefined}
        >
          {shareExpiryLabel(link)}
        </Fact>
        <Fact icon={Download}>{link.allowDownload ? 'Download allowed' : 'No download'}</Fact>
        <Fact icon={Eye}>{visitsLabel(link.visits)}</Fact>
      </p>
      {confirming && (
        <RevokeConfirmation
          link={link}
          item={item}
          cancelButton={cancelButton}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** The owner's private links to this item, newest first, each with Copy and Revoke. */
export function ShareLinkList({ item }: { item: ShareItem }) {
  const links = useShareLinks(item);
  const headingId = useId();

  let body: ReactNode;
  if (links.isPending) {
    body = (
      <p role="status" className="py-3 text-center text-sm text-muted-foreground">
        Loading links...
      </p>
    );
  } else if (links.isError) {
    body = (
      <p role="alert" className="py-3 text-center text-sm text-destructive">
        {errorMessage(links.error, 'Could not load your links.')}
      </p>
    );
  } else if (links.data.length === 0) {
    body = (
      <p className="flex items-center justify-center gap-2 rounded-lg border border-dashed border-border py-4 text-sm text-muted-foreground">
        <Link2Off className="size-4" aria-hidden />
        No private links yet.
      </p>
    );
  } else {
    body = (
      <ul
        aria-labelledby={headingId}
        className="divide-y divide-border overflow-hidden rounded-lg border border-border"
      >
        {links.data.map((link) => (
          <ShareLinkRow key={link.id} link={link} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-2">
      <h4 id={headingId} className="text-xs font-medium tracking-wider text-muted-foreground uppercase">
        Your links{links.data?.length ? ` (${links.data.length})` : ''}
      </h4>
      {body}
    </div>
  );
}

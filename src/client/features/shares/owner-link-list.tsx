import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Link2Off, type LucideIcon, Trash2 } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import type { ShareLink } from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { CopyLinkButton } from './copy-link-button';
import { isExpired } from './share-link-format';

/**
 * The owner's lists of links (an item's private links, the upload links): the same rows, each with
 * Copy and Revoke; what differs (the facts, the extra buttons, the words) comes from the caller.
 */

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

/** An icon button of a row that opens something under it (the editor, the revoke question). */
export function RowToggleButton({
  icon: Icon,
  label,
  title,
  describedBy,
  expanded,
  onToggle,
  destructive = false,
  buttonRef,
}: {
  icon: LucideIcon;
  label: string;
  title: string;
  describedBy: string;
  expanded: boolean;
  onToggle: () => void;
  destructive?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="icon"
      className={cn(
        'size-8 text-muted-foreground',
        destructive
          ? 'hover:text-destructive aria-expanded:text-destructive'
          : 'aria-expanded:text-foreground',
      )}
      aria-label={label}
      aria-describedby={describedBy}
      aria-expanded={expanded}
      title={title}
      onClick={onToggle}
    >
      <Icon aria-hidden />
    </Button>
  );
}

/**
 * One link of the owner's list: its title and address, Copy while it works, the caller's `actions`,
 * Revoke; the `facts` line; `children` (an editor, its listeners); the revoke question last.
 */
export function OwnerLinkRow({
  link,
  testId,
  title,
  copyDescription,
  revokeLabel,
  revokeNote,
  revoke,
  actions,
  facts,
  children,
}: {
  link: ShareLink;
  testId: string;
  title: string | null;
  /** The Copy toast's line: what whoever has the link can do. */
  copyDescription: string;
  revokeLabel: string;
  /** What revoking does, after "Revoke this link?". */
  revokeNote: string;
  revoke: UseMutationResult<unknown, Error, number>;
  /** More buttons between Copy and Revoke, described by the address (its id). */
  actions?: (urlId: string) => ReactNode;
  facts: ReactNode;
  children?: ReactNode;
}) {
  const urlId = useId();
  const expired = isExpired(link);
  const { confirming, setConfirming, revokeButton, cancelButton } = useRevokeConfirmation();
  const cancel = () => setConfirming(false);
  return (
    <li data-testid={testId} className={cn('grid gap-1.5 px-3 py-2.5', expired && 'bg-muted/40')}>
      <div className="flex min-w-0 items-center gap-2">
        <div className="min-w-0 flex-1">
          {title && <p className="truncate text-sm font-medium">{title}</p>}
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
            <CopyLinkButton compact url={link.url} describedBy={urlId} description={copyDescription} />
          )}
          {actions?.(urlId)}
          <RowToggleButton
            buttonRef={revokeButton}
            icon={Trash2}
            label={revokeLabel}
            title="Revoke"
            describedBy={urlId}
            expanded={confirming}
            onToggle={() => setConfirming(!confirming)}
            destructive
          />
        </div>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">{facts}</p>
      {children}
      {confirming && (
        <fieldset className="flex flex-wrap items-center justify-end gap-2 rounded-md bg-destructive/10 px-2.5 py-2">
          <legend className="float-left mr-auto text-sm">
            Revoke this link?
            <span className="ml-1 text-xs text-muted-foreground">{revokeNote}</span>
          </legend>
          <Button ref={cancelButton} variant="outline" size="sm" disabled={revoke.isPending} onClick={cancel}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(link.id, { onError: cancel })}
          >
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        </fieldset>
      )}
    </li>
  );
}

/** A headed list of the owner's links, newest first: loading, failed, empty or one row per link. */
export function OwnerLinkList({
  links,
  heading: Heading,
  title,
  empty,
  children,
}: {
  links: UseQueryResult<ShareLink[]>;
  heading: 'h3' | 'h4';
  title: string;
  empty: string;
  children: (link: ShareLink) => ReactNode;
}) {
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
        {empty}
      </p>
    );
  } else {
    body = (
      <ul
        aria-labelledby={headingId}
        className="divide-y divide-border overflow-hidden rounded-lg border border-border"
      >
        {links.data.map(children)}
      </ul>
    );
  }
  return (
    <div className="grid gap-2">
      <Heading id={headingId} className="text-xs font-medium tracking-wider text-muted-foreground uppercase">
        {title}
        {links.data?.length ? ` (${links.data.length})` : ''}
      </Heading>
      {body}
    </div>
  );
}

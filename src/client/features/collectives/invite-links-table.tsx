import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { InviteLink } from '../../../shared/schemas/collectives';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyIconButton } from '../../components/copy-icon-button';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { expiryLabel, inviteUrl, useRevokeInviteLink, useSetInviteLinkActive } from './use-invite-links';

/** Spec section 2: Uses shows the count, or count/max when the link has a maximum. */
export const usesLabel = (link: InviteLink) =>
  link.maxUses === null ? String(link.usageCount) : `${link.usageCount}/${link.maxUses}`;

function ActiveCell({ link, collectiveId }: { link: InviteLink; collectiveId: number }) {
  const setActive = useSetInviteLinkActive(collectiveId);
  // A used-up link is shown Inactive and cannot be switched back on (spec section 4).
  const active = link.isActive && !link.isExhausted;
  const label = link.isExhausted ? 'Inactive' : active ? 'Active' : 'Inactive';
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Switch
        checked={active}
        disabled={link.isExhausted || setActive.isPending}
        aria-label={`Active: ${inviteUrl(link.code)}`}
        onCheckedChange={(isActive) => setActive.mutate({ id: link.id, isActive })}
      />
      <span className={active ? 'text-sm' : 'text-sm text-muted-foreground'}>{label}</span>
      {link.isExhausted && (
        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs whitespace-nowrap text-muted-foreground">
          Used up
        </span>
      )}
    </div>
  );
}

function RevokeButton({ link, collectiveId }: { link: InviteLink; collectiveId: number }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeInviteLink(collectiveId);
  const url = inviteUrl(link.code);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 shrink-0"
        aria-label={`Revoke ${url}`}
        title="Revoke"
        disabled={revoke.isPending}
        onClick={() => setOpen(true)}
      >
        <Trash2 />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke this invite link?"
        description={`Nobody can join with ${url} any more. People who already joined stay.`}
        confirmLabel="Revoke"
        onConfirm={() => revoke.mutate(link.id)}
      />
    </>
  );
}

/** How much of a link's end stays in view however narrow the column: enough to tell codes apart. */
const URL_TAIL = 8;

/**
 * The link on one line, cut in the middle when the column is narrow (issue 42, decision 0590):
 * "https://journal.exa…k3J9xQ2a". Only CSS cuts it, so the text is the whole link for screen
 * readers, selection and find; the title shows it whole on hover.
 */
function InviteUrl({ url }: { url: string }) {
  return (
    <p data-testid="invite-url" title={url} className="flex min-w-0 font-mono text-xs whitespace-nowrap">
      <span className="min-w-8 truncate">{url.slice(0, -URL_TAIL)}</span>
      <span className="shrink-0">{url.slice(-URL_TAIL)}</span>
    </p>
  );
}

/**
 * The invite links of a collective: Link (with copy), Uses and Active (spec section 2). From `xl` up
 * a table; below (phones, and up to 1280 px where the sidebars and members panel leave the table
 * too little, issue 42) the same table is laid out as one card per link (decision 0114): the link on
 * one line (cut in the middle; Copy takes the whole of it), Uses (named by a label drawn from CSS,
 * so the cell's text stays what it is in the table) and the Active switch under it.
 */
export function InviteLinksTable({ links, collectiveId }: { links: InviteLink[]; collectiveId: number }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-left text-sm max-xl:block">
        <thead className="border-b border-border text-xs tracking-wider text-muted-foreground uppercase max-xl:hidden">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Link
            </th>
            <th scope="col" className="w-20 px-4 py-3 font-medium">
              Uses
            </th>
            <th scope="col" className="w-32 px-4 py-3 font-medium">
              Expires
            </th>
            <th scope="col" className="w-36 px-4 py-3 font-medium">
              Active
            </th>
            <th scope="col" className="w-12 px-2 py-3 font-medium">
              <span className="sr-only">Revoke</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-xl:block">
          {links.map((link) => {
            const url = inviteUrl(link.code);
            return (
              <tr
                key={link.id}
                data-testid="invite-link"
                className="border-b border-border last:border-0 max-xl:flex max-xl:flex-wrap max-xl:items-center max-xl:gap-x-6 max-xl:gap-y-2 max-xl:p-4"
              >
                {/* The rest of the row's width, never more: the link is cut, it pushes nothing off. */}
                <td className="max-w-0 px-4 py-3 max-xl:block max-xl:w-full max-xl:max-w-none max-xl:p-0">
                  <div className="flex items-center gap-2">
                    <div className="min-w-0 flex-1">
                      <InviteUrl url={url} />
                      <p className="mt-0.5 text-xs text-muted-foreground">
                        {link.type === 'single' ? 'Single-use' : 'Multi-use'}
                      </p>
                    </div>
                    <CopyIconButton
                      url={url}
                      label="Copy link"
                      copiedLabel="Link copied"
                      copiedDescription="Share it with the people you want to invite."
                    />
                  </div>
                </td>
                <td className="px-4 py-3 tabular-nums max-xl:flex max-xl:items-center max-xl:gap-2 max-xl:p-0 max-xl:before:text-xs max-xl:before:tracking-wider max-xl:before:text-muted-foreground max-xl:before:uppercase max-xl:before:content-['Uses']">
                  {usesLabel(link)}
                </td>
                <td
                  data-testid="invite-expiry"
                  className={`px-4 py-3 text-xs max-xl:p-0 ${link.isExpired ? 'font-medium text-foreground' : 'text-muted-foreground'}`}
                >
                  {expiryLabel(link)}
                </td>
                <td className="px-4 py-3 max-xl:p-0">
                  <ActiveCell link={link} collectiveId={collectiveId} />
                </td>
                <td className="px-2 py-3 max-xl:ml-auto max-xl:p-0">
                  <RevokeButton link={link} collectiveId={collectiveId} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

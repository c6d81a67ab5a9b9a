import { Link2, Loader2, RefreshCw, ShieldAlert, User, Users } from 'lucide-react';
import { useState } from 'react';
import {
  INVITE_EXPIRIES,
  INVITE_EXPIRY_LABELS,
  type InviteExpiry,
} from '../../../shared/schemas/collectives';
import { EmptyState, Page, PageHeader, PageLoading } from '../../components/page-layout';
import { PillChoice } from '../../components/pill-choice';
import { Button } from '../../components/ui/button';
import { collectiveGone, useCollective } from '../../entities/collective/use-collectives';
import { errorStatus } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { CollectiveNotFound } from './collective-page';
import { InviteLinksTable } from './invite-links-table';
import { useGenerateInviteLink, useInviteLinks } from './use-invite-links';

function NoRights() {
  return (
    <EmptyState
      icon={ShieldAlert}
      title="Only the owner and admins can manage invites"
      hint="Ask the collective's owner or an admin for an invite link to share."
    />
  );
}

/**
 * '/collective/{id}/invites' (spec section 2, Manage Invites): generate single- and multi-use links,
 * refresh, and the table of links. Members without the right (decision 0013) are told so.
 */
export function CollectiveInvitesPage({ collectiveId }: { collectiveId: number }) {
  const { data: collective, isLoading, error } = useCollective(collectiveId);
  const mayManage = collective?.abilities.manageInvites === true;
  const links = useInviteLinks(collectiveId, mayManage);
  const generate = useGenerateInviteLink(collectiveId);
  const [expiresIn, setExpiresIn] = useState<InviteExpiry>('never');

  if (isLoading) return <PageLoading>Loading invites...</PageLoading>;
  if (!collective || collectiveGone(error)) return <CollectiveNotFound />;

  const forbidden = !mayManage || errorStatus(links.error) === 403;
  const generating = generate.isPending ? generate.variables?.type : null;

  return (
    <Page className="max-w-4xl">
      <PageHeader icon={Link2} title="Manage Invites" description={collective.name} />
      {forbidden ? (
        <NoRights />
      ) : (
        <>
          {/* How long the next generated link works (decision 0124): never, 1 day or 7 days. */}
          <PillChoice
            legend="Expires after"
            options={INVITE_EXPIRIES}
            labels={INVITE_EXPIRY_LABELS}
            value={expiresIn}
            onChange={setExpiresIn}
            className="mb-3"
          />
          <div className="mb-6 grid gap-3 sm:grid-cols-2">
            <InviteButton
              icon={User}
              title="Invite one person"
              text="A link that works once."
              pending={generating === 'single'}
              disabled={generate.isPending}
              onClick={() => generate.mutate({ type: 'single', expiresIn })}
            />
            <InviteButton
              icon={Users}
              title="Invite many people"
              text="A link many people can use."
              pending={generating === 'multi'}
              disabled={generate.isPending}
              onClick={() => generate.mutate({ type: 'multi', expiresIn })}
            />
          </div>
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">Invite links</h2>
            <Button variant="outline" size="sm" onClick={() => links.refetch()} disabled={links.isFetching}>
              <RefreshCw className={cn(links.isFetching && 'animate-spin')} aria-hidden />
              Refresh
            </Button>
          </div>
          {links.isLoading ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading invite links...
            </p>
          ) : links.isError && !links.data ? (
            <EmptyState icon={Link2} title="Invite links could not be loaded" hint="Please try again." />
          ) : !links.data?.length ? (
            <EmptyState
              icon={Link2}
              title="No invite links yet"
              hint="Generate a link above and send it to the people you want in."
            />
          ) : (
            <InviteLinksTable links={links.data} collectiveId={collectiveId} />
          )}
        </>
      )}
    </Page>
  );
}

function InviteButton({
  icon: Icon,
  title,
  text,
  pending,
  disabled,
  onClick,
}: {
  icon: typeof User;
  title: string;
  text: string;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      // Named by what it shows, title then text: a name of the title alone would leave out visible
      // words, which WCAG 2.5.3 (label in name) does not allow (decision 0182).
      className="flex cursor-pointer items-center gap-4 rounded-xl border border-border bg-card p-4 text-left transition-colors hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
        {pending ? (
          <Loader2 className="size-5 animate-spin" aria-hidden />
        ) : (
          <Icon className="size-5" aria-hidden />
        )}
      </span>
      <span>
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-muted-foreground">{text}</span>
      </span>
    </button>
  );
}

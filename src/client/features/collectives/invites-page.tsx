import { Link2 } from 'lucide-react';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';
import { CollectiveNotFound } from './collective-page';
import { useCollective } from './use-collectives';

/** '/collective/{id}/invites'. Placeholder until invite links are built in their own issue. */
export function CollectiveInvitesPage({ collectiveId }: { collectiveId: number }) {
  const { data: collective, isLoading, isError } = useCollective(collectiveId);

  if (isLoading) return <Page>Loading invites...</Page>;
  if (isError || !collective) return <CollectiveNotFound />;

  return (
    <Page>
      <PageHeader icon={Link2} title="Manage Invites" description={collective.name} />
      <EmptyState icon={Link2} title="Invite links arrive soon" />
    </Page>
  );
}

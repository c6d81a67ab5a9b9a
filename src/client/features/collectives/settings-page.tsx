import { Settings, ShieldAlert } from 'lucide-react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';
import { CollectiveNotFound } from './collective-page';
import { useCollective } from './use-collectives';

/** '/collective/{id}/settings': owner only, i.e. the collective's ownerId is the user's id (spec 6). */
export function CollectiveSettingsPage({ collectiveId, user }: { collectiveId: number; user: AuthUser }) {
  const { data: collective, isLoading, isError } = useCollective(collectiveId);

  if (isLoading) return <Page>Loading settings...</Page>;
  if (isError || !collective) return <CollectiveNotFound />;
  if (collective.ownerId !== user.id)
    return (
      <Page>
        <EmptyState icon={ShieldAlert} title="You don't have permission to access these settings" />
      </Page>
    );

  return (
    <Page>
      <PageHeader icon={Settings} title="Collective Settings" description={collective.name} />
      <div className="grid gap-4 md:grid-cols-2">
        {['Permissions & Roles', 'Member Management'].map((title) => (
          <section key={title} aria-label={title} className="rounded-xl border border-border bg-card p-5">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">Coming Soon</p>
          </section>
        ))}
      </div>
    </Page>
  );
}

import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';

/** '/profile/{userId}': public, also signed out (spec section 2). Placeholder until its issue. */
export function PublicProfilePage({ userId, signedIn }: { userId: string; signedIn: boolean }) {
  return (
    <Page>
      <PageHeader
        icon={UserRound}
        title="Public Profile"
        description={`Profile ${userId}`}
        actions={
          signedIn ? undefined : (
            <Button asChild variant="secondary">
              <Link href="/">Back to Home</Link>
            </Button>
          )
        }
      />
      <EmptyState
        icon={UserRound}
        title="No Public Tracks"
        hint="Tracks shared on this profile will appear here."
      />
    </Page>
  );
}

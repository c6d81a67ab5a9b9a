import { ArrowLeft, ListMusic } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { EmptyState, Page } from '../shell/page-layout';

/** '/collective/{id}/playlist/{playlistId}'. Placeholder with the Back button of spec section 2. */
export function CollectivePlaylistPage({
  collectiveId,
  playlistId,
}: {
  collectiveId: number;
  playlistId: string;
}) {
  return (
    <Page>
      <Button asChild variant="ghost" className="mb-6 -ml-2">
        <Link href={`/collective/${collectiveId}`}>
          <ArrowLeft aria-hidden />
          Back
        </Link>
      </Button>
      <EmptyState
        icon={ListMusic}
        title={`Playlist #${playlistId}`}
        hint="Collective playlists open here soon."
      />
    </Page>
  );
}

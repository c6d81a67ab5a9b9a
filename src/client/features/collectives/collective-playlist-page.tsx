import { ArrowLeft, ListMusic } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState, Page, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { collectiveGone, useCollective } from '../../entities/collective/use-collectives';
import { parsePlaylistId } from '../../entities/playlist/use-playlists';
import { CollectiveNotFound } from './collective-page';
import { CollectivePlaylistView } from './collective-playlist-view';

/**
 * '/collective/{id}/playlist/{playlistId}' (spec section 2): one shared playlist on its own page,
 * with a Back button to the collective. Enter without Shift sends a comment.
 */
export function CollectivePlaylistPage({
  collectiveId,
  playlistId,
}: {
  collectiveId: number;
  playlistId: string;
}) {
  const id = parsePlaylistId(playlistId);
  const { data: collective, isLoading, error } = useCollective(collectiveId);

  if (isLoading) return <PageLoading>Loading collective...</PageLoading>;
  if (!collective || collectiveGone(error)) return <CollectiveNotFound />;

  return (
    <Page>
      <Button asChild variant="ghost" className="mb-6 -ml-2">
        <Link href={`/collective/${collectiveId}`}>
          <ArrowLeft aria-hidden />
          Back
        </Link>
      </Button>
      {id === null ? (
        <EmptyState icon={ListMusic} title="Playlist not found" />
      ) : (
        <CollectivePlaylistView collectiveId={collectiveId} playlistId={id} heading="h1" />
      )}
    </Page>
  );
}

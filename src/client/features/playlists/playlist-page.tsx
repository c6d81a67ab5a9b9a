import { ListMusic } from 'lucide-react';
import { EmptyState, Page } from '../shell/page-layout';
import { PlaylistThumb } from '../shell/playlist-row';
import { usePlaylists } from './use-playlists';

/** '/playlist/{id}'. Placeholder: name and description from the playlists list until its issue. */
export function PlaylistPage({ playlistId }: { playlistId: string }) {
  const { data: playlists, isLoading } = usePlaylists();
  const playlist = playlists?.find((p) => String(p.id) === playlistId);

  if (isLoading) return <Page>Loading playlist...</Page>;
  if (!playlist)
    return (
      <Page>
        <EmptyState icon={ListMusic} title="Playlist not found" />
      </Page>
    );

  return (
    <Page>
      <header className="mb-8 flex items-end gap-6">
        <PlaylistThumb
          id={playlist.id}
          name={playlist.name}
          imageUrl={playlist.imageUrl}
          className="size-32 rounded-xl text-4xl shadow-xl"
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Playlist</p>
          <h1 className="truncate text-4xl font-bold tracking-tight">{playlist.name}</h1>
          {playlist.description && (
            <p className="mt-2 text-sm text-muted-foreground">{playlist.description}</p>
          )}
        </div>
      </header>
      <EmptyState icon={ListMusic} title="No tracks in this playlist" />
    </Page>
  );
}

import { Link, MoreHorizontal, Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { WithTooltip } from '../../components/ui/tooltip';
import { songCount } from '../../entities/playlist/song-count';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { lazyDialog } from '../../lib/lazy-dialog';
import { PlayAllButton } from '../../player/play-all-button';
import { SharedWithRow, SharePlaylistDialog } from '../collectives';
import { PlaylistOfflineButton } from '../offline';
import { LazyShareDialog } from '../shares';
import { EditPlaylistDialog } from './edit-playlist-dialog';
import { PlaylistCover } from './playlist-cover';
import { PlaylistPublicToggle } from './playlist-public-toggle';
import { useDeletePlaylist } from './use-delete-playlist';

/** Add Tracks (its filter and virtual list) loads when first opened (decisions 0074, 0305). */
const AddTracksDialog = lazyDialog(() => import('./add-tracks-dialog').then((m) => m.AddTracksDialog));

/**
 * Cover, title, description, song count, the 'Shared with' row and the actions of the playlist
 * page (spec section 2).
 */
export function PlaylistHeader({ playlist, owner }: { playlist: PlaylistDetail; owner: TrackOwner }) {
  const [addOpen, setAddOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [linksOpen, setLinksOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const remove = useDeletePlaylist(playlist.id);
  const { tracks, abilities } = playlist;
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, owner)), [tracks, owner]);

  return (
    <>
      <header className="mb-6 flex flex-col gap-6 sm:flex-row sm:items-end">
        <PlaylistCover playlist={playlist} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Playlist</p>
          <h1 className="mt-1 text-4xl font-bold tracking-tight break-words">{playlist.name}</h1>
          {playlist.description && (
            <p className="mt-3 text-sm whitespace-pre-line text-muted-foreground">{playlist.description}</p>
          )}
          <p className="mt-3 text-sm font-medium text-muted-foreground">{songCount(tracks.length)}</p>
          <SharedWithRow playlistId={playlist.id} />
          {abilities.edit && <PlaylistPublicToggle playlist={playlist} className="mt-4 max-w-md" />}
        </div>
      </header>

      <div className="mb-6 flex flex-wrap items-center gap-3">
        <PlayAllButton tracks={queue} className="size-12 rounded-full shadow-lg [&_svg]:size-5" />
        {abilities.edit && (
          <Button variant="outline" onClick={() => setAddOpen(true)}>
            <Plus aria-hidden />
            Add Tracks
          </Button>
        )}
        {abilities.edit && (
          <Button variant="outline" onClick={() => setEditOpen(true)}>
            <Pencil aria-hidden />
            Edit Details
          </Button>
        )}
        {abilities.share && (
          <Button variant="outline" onClick={() => setShareOpen(true)}>
            <Share2 aria-hidden />
            Share Playlist
          </Button>
        )}
        {abilities.share && (
          // Links (public page, private links: decision 0340), apart from the spec's Share Playlist,
          // which shares into collectives: another icon, another name.
          <WithTooltip label="Share link">
            <Button
              variant="outline"
              size="icon"
              className="size-10"
              aria-label="Share…"
              onClick={() => setLinksOpen(true)}
            >
              <Link aria-hidden />
            </Button>
          </WithTooltip>
        )}
        <PlaylistOfflineButton playlist={playlist} tracks={queue} />
        {abilities.delete && (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="More playlist actions">
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleteOpen(true)}>
                <Trash2 aria-hidden />
                Delete Playlist
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete "${playlist.name}"?`}
        description="The playlist leaves every collective it is shared with, with its comments there. Its tracks stay in your journal. This cannot be undone."
        confirmLabel="Delete Playlist"
        onConfirm={() => remove.mutate(playlist.name)}
      />

      <AddTracksDialog playlist={playlist} open={addOpen} onOpenChange={setAddOpen} />
      <EditPlaylistDialog playlist={playlist} open={editOpen} onOpenChange={setEditOpen} />
      <SharePlaylistDialog playlistId={playlist.id} open={shareOpen} onOpenChange={setShareOpen} />
      {abilities.share && (
        <LazyShareDialog
          item={{ kind: 'playlist', id: playlist.id, name: playlist.name, isPublic: playlist.isPublic }}
          open={linksOpen}
          onOpenChange={setLinksOpen}
        />
      )}
    </>
  );
}

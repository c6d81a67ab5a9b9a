import { Link, MoreHorizontal, Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
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
import { cn } from '../../lib/utils';
import { PlayAllButton } from '../../player/play-all-button';
import { SharedWithRow, SharePlaylistDialog } from '../collectives';
import { PlaylistOfflineButton } from '../offline';
import { LazyShareDialog } from '../shares';
import { EditPlaylistDialog } from './edit-playlist-dialog';
import { PlaylistCover } from './playlist-cover';
import { useDeletePlaylist } from './use-delete-playlist';

/** Add Tracks (its filter and virtual list) loads when first opened (decisions 0074, 0305). */
const AddTracksDialog = lazyDialog(() => import('./add-tracks-dialog').then((m) => m.AddTracksDialog));

/** Square icons on phones, their words kept as the accessible name (as the bulk bar's, 0298). */
const ACTION = 'max-sm:size-11 max-sm:px-0';
function ActionLabel({ children }: { children: string }) {
  return <span className="max-sm:sr-only">{children}</span>;
}

/**
 * Cover, title, description, song count, the 'Shared with' row and the actions of the playlist
 * page (spec section 2). The 'Public playlist' switch is the page's `footer` (under the tracks).
 */
export function PlaylistHeader({
  playlist,
  owner,
  selectionBar,
}: {
  playlist: PlaylistDetail;
  owner: TrackOwner;
  /** Shown over the actions' row while rows are ticked (issue 43): it replaces the row, adds none. */
  selectionBar?: ReactNode;
}) {
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
      {/* Music first (issue 42, decision 0555): a small cover beside the title, the actions in one
          row (icons with their names on phones), and the public switch under the tracks, so the
          first track starts in the top 40 % of the screen. */}
      <header className="mb-4 flex items-end gap-4 sm:gap-5">
        <PlaylistCover playlist={playlist} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Playlist</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{playlist.name}</h1>
          {playlist.description && (
            <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">
              {playlist.description}
            </p>
          )}
          <div className="mt-1 flex flex-wrap items-center gap-x-4 [&>*]:mt-0">
            <p className="text-sm font-medium text-muted-foreground">{songCount(tracks.length)}</p>
            <SharedWithRow playlistId={playlist.id} />
          </div>
        </div>
      </header>

      {/* Sticky while rows are ticked, as the journal's bulk bar (decision 0690). */}
      <div
        className={cn(
          'relative mb-4 flex flex-wrap items-center gap-1.5 sm:gap-2',
          selectionBar && 'sticky top-0 z-20',
        )}
      >
        <PlayAllButton tracks={queue} className="size-10 rounded-full shadow-lg [&_svg]:size-5" />
        {abilities.edit && (
          <Button variant="outline" className={ACTION} onClick={() => setAddOpen(true)}>
            <Plus aria-hidden />
            <ActionLabel>Add Tracks</ActionLabel>
          </Button>
        )}
        {abilities.edit && (
          <Button variant="outline" className={ACTION} onClick={() => setEditOpen(true)}>
            <Pencil aria-hidden />
            <ActionLabel>Edit Details</ActionLabel>
          </Button>
        )}
        {abilities.share && (
          <Button variant="outline" className={ACTION} onClick={() => setShareOpen(true)}>
            <Share2 aria-hidden />
            <ActionLabel>Share Playlist</ActionLabel>
          </Button>
        )}
        {abilities.share && (
          // Links (public page, private links: decision 0340), apart from the spec's Share Playlist,
          // which shares into collectives: another icon, another name.
          <WithTooltip label="Share link">
            <Button
              variant="outline"
              size="icon"
              className="size-10 max-sm:size-11"
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
        {selectionBar && (
          <div className="absolute inset-x-0 top-0 min-h-full bg-background [&>section]:min-h-full [&>section]:p-1 sm:[&>section]:p-1.5">
            {selectionBar}
          </div>
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

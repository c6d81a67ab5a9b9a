import { Globe, Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { countOf } from '../../../shared/format';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { CopyIconButton } from '../../components/copy-icon-button';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { playlistPageUrl, useSetPlaylistPublic } from '../../entities/playlist/use-public-playlist';
import { cn } from '../../lib/utils';

const privateCount = (n: number) =>
  `${countOf(n, 'private track stays', 'private tracks stay')} hidden from visitors.`;

/**
 * The owner's 'Public playlist' switch (issue 24, decision 0345), shaped like the journal sidebar's
 * 'Public Profile' switch: a hint under it, and while public the page's link with a copy button.
 * A public playlist shows visitors its public tracks only, so the card counts the private ones.
 */
export function PlaylistPublicToggle({
  playlist,
  className,
}: {
  playlist: PlaylistDetail;
  className?: string;
}) {
  const toggle = useSetPlaylistPublic(playlist.id);
  const ids = useId();
  const { isPublic } = playlist;
  const path = `/playlist/${playlist.id}`;
  const hidden = playlist.tracks.filter((t) => t.visibility === 'private').length;

  return (
    <div className={cn('rounded-lg border border-border bg-background/40 p-3', className)}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${ids}-switch`} className="flex items-center gap-2">
          {isPublic ? (
            <Globe className="size-4 text-primary" aria-hidden />
          ) : (
            <Lock className="size-4 text-muted-foreground" aria-hidden />
          )}
          Public playlist
        </Label>
        <Switch
          id={`${ids}-switch`}
          checked={isPublic}
          disabled={toggle.isPending}
          aria-describedby={`${ids}-hint`}
          onCheckedChange={(checked) => toggle.mutate(checked)}
        />
      </div>
      <p id={`${ids}-hint`} className="mt-2 text-xs text-muted-foreground">
        {isPublic
          ? 'Anyone with the link can listen to its public tracks'
          : 'Only you, and collectives you share it with, can see this playlist'}
        {isPublic && hidden > 0 && <> · {privateCount(hidden)}</>}
      </p>
      {isPublic && (
        <div className="mt-1 flex min-w-0 items-center gap-1">
          <Link href={path} className="min-w-0 truncate text-xs text-primary hover:underline">
            {window.location.origin}
            {path}
          </Link>
          <CopyIconButton
            url={playlistPageUrl(playlist.id)}
            label="Copy playlist link"
            copiedLabel="Playlist link copied"
            copiedDescription="Anyone with the link can listen to its public tracks."
            className="size-7"
          />
        </div>
      )}
    </div>
  );
}

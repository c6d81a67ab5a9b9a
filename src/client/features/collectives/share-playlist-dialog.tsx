import { Loader2, Share2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import type { Collective } from '../../../shared/schemas/collectives';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { useCollectives } from '../../entities/collective/use-collectives';
import { useSharedCollectives, useSharePlaylist } from '../../entities/collective/use-sharing';
import { cn } from '../../lib/utils';

function CollectiveOption({
  collective,
  checked,
  onToggle,
}: {
  collective: Collective;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <li>
      {/* The whole row is the checkbox's label, so clicking anywhere on it toggles. */}
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors',
          checked ? 'border-primary/60 bg-primary/10' : 'border-border hover:bg-accent/50',
        )}
      >
        <Checkbox id={id} checked={checked} onCheckedChange={onToggle} />
        <CollectiveAvatar name={collective.name} imageUrl={collective.imageUrl} className="size-10 text-sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{collective.name}</span>
          {collective.description && (
            <span className="block truncate text-xs text-muted-foreground">{collective.description}</span>
          )}
        </span>
      </label>
    </li>
  );
}

/**
 * 'Share Playlist with Collective' (spec sections 2 and 4): the user's collectives with checkboxes,
 * starting from the collectives the playlist is shared with now. Cancel forgets the changes; Share
 * Playlist sends the whole selected set (sharing into some, unsharing from the rest) and closes.
 *
 * Wiring: `<SharePlaylistDialog playlistId={playlist.id} open={open} onOpenChange={setOpen} />`
 * next to a 'Share Playlist' button on the playlist page.
 */
export function SharePlaylistDialog({
  playlistId,
  open,
  onOpenChange,
}: {
  playlistId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const collectives = useCollectives();
  const shared = useSharedCollectives(playlistId, open);
  const share = useSharePlaylist(playlistId);
  // null: untouched, i.e. exactly the currently shared set.
  const [picked, setPicked] = useState<Set<number> | null>(null);

  const loading = collectives.isLoading || shared.isLoading;
  // Only real collectives: an optimistic stand-in has no id the server knows yet.
  const list = (collectives.data ?? []).filter((c) => c.id > 0);
  const selected = picked ?? new Set((shared.data ?? []).map((c) => c.id));

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };

  const close = () => {
    setPicked(null);
    onOpenChange(false);
  };

  const save = () => {
    const ids = list.filter((c) => selected.has(c.id)).map((c) => c.id);
    share.mutate(ids, {
      onSuccess: () => {
        toast({
          title: 'Success',
          description: ids.length ? 'Playlist sharing updated' : 'Playlist is no longer shared',
        });
        close();
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !share.isPending && close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Share2 className="size-5 text-primary" aria-hidden />
            Share Playlist with Collective
          </DialogTitle>
          <DialogDescription>Members of the collectives you pick can play it and comment.</DialogDescription>
        </DialogHeader>
        {loading ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Loading collectives...
          </p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-4 py-8 text-center">
            <Users className="mb-3 size-8 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">You're not a member of any collectives yet.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Join or create a collective to share playlists.
            </p>
          </div>
        ) : (
          <ul
            aria-label="Your collectives"
            className="-mx-1 flex max-h-80 flex-col gap-2 overflow-y-auto px-1"
          >
            {list.map((collective) => (
              <CollectiveOption
                key={collective.id}
                collective={collective}
                checked={selected.has(collective.id)}
                onToggle={() => toggle(collective.id)}
              />
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={share.isPending}>
            Cancel
          </Button>
          <Button onClick={save} disabled={loading || list.length === 0 || share.isPending}>
            {share.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {share.isPending ? 'Sharing...' : 'Share Playlist'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

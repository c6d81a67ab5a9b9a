import { Link } from 'lucide-react';
import { useId } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { CreateShareLinkForm } from './create-share-link-form';
import { PublicLinkSection } from './public-link-section';
import { ShareLinkList } from './share-link-list';
import type { ShareItem } from './use-share-links';

/**
 * "Share…" (issue 24, decision 0340): the item's public page to copy when it is public, then its
 * private links (decision 0320): make one, see them all with their expiry, download switch and
 * visits, copy or revoke each. Loaded on first opening (lazy-share-dialog.ts).
 */
export function ShareDialog({
  item,
  open,
  onOpenChange,
}: {
  item: ShareItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const privateHeading = useId();
  const noun = item.kind === 'track' ? 'track' : 'playlist';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto max-sm:p-4 sm:max-w-xl"
        // The first control is "Make track public" on a private track: not what Enter should do.
        // Focus starts on the likeliest action instead: Copy public link, else Create link.
        onOpenAutoFocus={(event) => {
          const target = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-autofocus]');
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader className="pr-6">
          <DialogTitle className="flex min-w-0 items-center gap-2">
            <Link className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 truncate">Share “{item.name}”</span>
          </DialogTitle>
          <DialogDescription>
            Send this {noun}'s page, or a private link that needs no sign-in.
          </DialogDescription>
        </DialogHeader>
        {/* Radix mounts the content only while open: the list is read again (visits) each time. */}
        <PublicLinkSection item={item} />
        {/* A border, not the Separator primitive: sharing that module with the app shell would split
            it into a chunk of its own on the first route. */}
        <section aria-labelledby={privateHeading} className="grid gap-3 border-t border-border pt-4">
          <div className="grid gap-0.5">
            <h3 id={privateHeading} className="text-sm font-semibold">
              Private links
            </h3>
            <p className="text-sm text-muted-foreground">
              Whoever has one can open this {noun}, even while it is private, until it expires or you revoke
              it.
            </p>
          </div>
          <CreateShareLinkForm item={item} />
          <ShareLinkList item={item} />
        </section>
      </DialogContent>
    </Dialog>
  );
}

import { useLocation } from 'wouter';
import { CollectiveAvatar } from '../../components/collective-avatar';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { SharedCollective } from '../../entities/collective/use-sharing';

/** 'Shared with' dialog: every collective the playlist is shared with; each opens its collective. */
export function SharedCollectivesDialog({
  collectives,
  open,
  onOpenChange,
}: {
  collectives: SharedCollective[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [, navigate] = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Shared Collectives</DialogTitle>
          <DialogDescription>This playlist is shared with these collectives.</DialogDescription>
        </DialogHeader>
        <ul className="-mx-1 flex max-h-80 flex-col gap-1 overflow-y-auto px-1">
          {collectives.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => {
                  onOpenChange(false);
                  navigate(`/collective/${c.id}`);
                }}
                className="flex w-full cursor-pointer items-center gap-3 rounded-md p-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <CollectiveAvatar name={c.name} imageUrl={c.imageUrl} className="size-8 text-xs" />
                <span className="truncate font-medium">{c.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

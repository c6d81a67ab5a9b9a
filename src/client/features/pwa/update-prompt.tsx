import { X } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { subscribeToUpdates, waitingUpdate } from './sw-update';

export const UPDATE_MESSAGE = 'New version available — reload';

/**
 * The "new version" bar (issue 25, decision 0355): shown while a new service worker waits, until
 * the person reloads or puts it away for this page (below dialogs, z-40: a modal makes the page inert) (the next visit offers it again, since the
 * worker still waits). Not a toast: it must not time out, and the app keeps working under it.
 * The status element is always there, empty at rest, so screen readers announce the message when
 * it appears (a live region added together with its text is often not read).
 */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(subscribeToUpdates, waitingUpdate, () => null);
  const [dismissed, setDismissed] = useState<typeof apply>(null);
  const [reloading, setReloading] = useState(false);
  const shown = apply !== null && dismissed !== apply;

  const reload = () => {
    if (!apply) return;
    setReloading(true);
    // The waiting worker takes over; workbox-window reloads the page once it controls it.
    apply().catch(() => setReloading(false));
  };

  return (
    <div
      className={
        shown
          ? 'fixed inset-x-3 top-[max(0.75rem,env(safe-area-inset-top))] z-40 flex items-center gap-3 rounded-lg border border-primary/40 bg-card py-2 pr-2 pl-4 text-sm text-card-foreground shadow-xl animate-in-slide sm:inset-x-auto sm:top-auto sm:bottom-24 sm:left-4'
          : undefined
      }
    >
      <p role="status" className={shown ? 'min-w-0 flex-1' : 'sr-only'}>
        {shown ? UPDATE_MESSAGE : ''}
      </p>
      {shown && (
        <>
          <Button size="sm" onClick={reload} disabled={reloading}>
            {reloading ? 'Reloading…' : 'Reload'}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Not now"
            title="Not now"
            onClick={() => setDismissed(() => apply)}
          >
            <X aria-hidden />
          </Button>
        </>
      )}
    </div>
  );
}

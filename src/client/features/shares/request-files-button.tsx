import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../lib/lazy-dialog';

/** The dialog loads the first time it opens: its forms and list stay off the journal's first route. */
const RequestFilesDialog = lazyDialog(() =>
  import('./request-files-dialog').then((m) => m.RequestFilesDialog),
);

/**
 * "Request files…" beside the journal's upload bar (issue 45, decision 0736): upload links for
 * people without an account.
 */
export function RequestFilesButton({
  className,
  iconOnlyOnPhones = false,
}: {
  className?: string;
  /** Phones show the icon alone; the name stays the button's accessible name. */
  iconOnlyOnPhones?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={className}
        title={iconOnlyOnPhones ? 'Request files…' : undefined}
        onClick={() => setOpen(true)}
      >
        <Inbox aria-hidden />
        <span className={iconOnlyOnPhones ? 'max-sm:sr-only' : undefined}>Request files…</span>
      </Button>
      <RequestFilesDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../lib/lazy-dialog';
import { cn } from '../../lib/utils';

/** Search (Radix Dialog, result list): loaded on the first ⌘K or click on the search box. */
const SearchDialog = lazyDialog(() => import('./search-dialog').then((m) => m.SearchDialog));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** ⌘K (macOS) or Ctrl+K anywhere opens search, even from a text field (decision 0136). */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.metaKey || event.ctrlKey) || event.altKey) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

/** The header's search box: looks like a field, opens the search dialog (one for the whole shell). */
export function SearchTrigger({ onOpen, className }: { onOpen: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
      className={cn(
        'flex h-9 w-full max-w-md items-center gap-2 rounded-md border border-input bg-background px-3 text-sm text-muted-foreground transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <Search className="size-4" aria-hidden />
      <span className="flex-1 text-left">Search</span>
      <kbd className="rounded border border-border px-1.5 font-mono text-xs" aria-hidden>
        {isMac() ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}

/** The phone top bar's search button. */
export function SearchIconButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Search" onClick={onOpen}>
      <Search />
    </Button>
  );
}

/** Open state, shortcut and dialog, mounted once by the shell; `children` render the triggers. */
export function ShellSearch({
  user,
  children,
}: {
  user: AuthUser;
  children: (open: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const show = useState(() => () => setOpen(true))[0];
  useSearchShortcut(show);
  return (
    <>
      {children(show)}
      <SearchDialog user={user} open={open} onOpenChange={setOpen} />
    </>
  );
}

import { BookOpen, Menu, Plus, Users } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../components/ui/sheet';
import { CreateCollectiveDialog } from '../../lazy-parts';
import { useCollectiveMembers } from '../collectives/use-collectives';
import { CollectiveAvatar } from './collective-avatar';
import { MembersPanel } from './members-panel';
import { SidebarBody, useShellContext } from './playlists-sidebar';
import { OnSidebarPick } from './sidebar-parts';

/** Tailwind's md breakpoint: from here on the desktop rail and sidebar are on screen. */
const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * Open state that lapses as soon as the location changes, so a sheet never outlives the page it
 * was opened on. It remembers where it was opened rather than watching the location in an effect,
 * so the sheet is already closed in the render that shows the new page.
 */
function useOpenUntilNavigation(): [boolean, (open: boolean) => void, () => void] {
  const [location] = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Forget a stale opening (react.dev: storing information from previous renders), or coming back
  // to that page would open the sheet again.
  if (openAt !== null && openAt !== location) setOpenAt(null);
  const close = useCallback(() => setOpenAt(null), []);
  return [openAt === location, (open) => setOpenAt(open ? location : null), close];
}

function ContextMark({
  collectiveId,
  title,
  imageUrl,
}: ReturnType<typeof useShellContext> & {
  collectiveId: number | null;
}) {
  if (collectiveId !== null)
    return <CollectiveAvatar name={title} imageUrl={imageUrl} className="size-9 shrink-0 text-sm" />;
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25">
      <BookOpen className="size-4.5" aria-hidden />
    </span>
  );
}

const FOOTER_BUTTON =
  'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function MembersButton({ collectiveId, onClick }: { collectiveId: number; onClick: () => void }) {
  const { data: members } = useCollectiveMembers(collectiveId);
  return (
    <button
      type="button"
      aria-label={members ? `Members (${members.length})` : 'Members'}
      onClick={onClick}
      className={`${FOOTER_BUTTON} text-muted-foreground hover:bg-accent/60 hover:text-foreground`}
    >
      <Users className="size-4" aria-hidden />
      <span className="flex-1 text-left">Members</span>
      {members && (
        <span
          aria-hidden
          className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground tabular-nums"
        >
          {members.length}
        </span>
      )}
    </button>
  );
}

/**
 * The drawer's inside. Its own component so the Create Collective dialog's open state lives and
 * dies with the drawer: the drawer may close underneath it (a navigation, a wider window).
 */
function DrawerPanel({
  user,
  collectiveId,
  onPick,
  onShowMembers,
}: {
  user: AuthUser;
  collectiveId: number | null;
  onPick: () => void;
  onShowMembers: () => void;
}) {
  const context = useShellContext(collectiveId);
  const [createOpen, setCreateOpen] = useState(false);

  return (
    <>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border pr-12 pl-4">
        <ContextMark collectiveId={collectiveId} {...context} />
        <SheetTitle className="min-w-0 truncate" title={context.title}>
          {context.title}
        </SheetTitle>
      </header>
      <SheetDescription className="sr-only">
        {collectiveId === null
          ? 'Your journal, profile and playlists'
          : 'Settings, invites, member playlists and members of this collective'}
      </SheetDescription>

      {/* The very sidebar the desktop shows; picking anything in it puts the drawer away. */}
      <OnSidebarPick onPick={onPick}>
        <div className="flex min-h-0 flex-1 flex-col pt-3 pb-3">
          <SidebarBody user={user} collectiveId={collectiveId} />
        </div>
      </OnSidebarPick>

      <footer className="flex shrink-0 flex-col gap-1 border-t border-border bg-rail/60 p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
        {collectiveId !== null && <MembersButton collectiveId={collectiveId} onClick={onShowMembers} />}
        {/* Dashed like the rail's plus button, which does the same on wide screens. */}
        <button
          type="button"
          onClick={() => setCreateOpen(true)}
          className={`${FOOTER_BUTTON} border border-dashed border-input text-primary hover:border-primary hover:bg-primary/10`}
        >
          <Plus className="size-4" aria-hidden />
          Create Collective
        </button>
      </footer>
      <CreateCollectiveDialog open={createOpen} onOpenChange={setCreateOpen} />
    </>
  );
}

/**
 * Small screens have neither the rail nor the playlists sidebar (spec section 2, shell layout), so
 * the top bar's menu button opens them as a left drawer: the same sidebar as on the desktop for the
 * current context, plus Create Collective and, in a collective, its members in a right sheet.
 * Both close when the person navigates or picks something in the sidebar.
 */
export function MobileNavDrawer({ user, collectiveId }: { user: AuthUser; collectiveId: number | null }) {
  const [navOpen, setNavOpen, closeNav] = useOpenUntilNavigation();
  const [membersOpen, setMembersOpen, closeMembers] = useOpenUntilNavigation();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Widening the window past the breakpoint brings the desktop sidebars back and hides the menu
  // button; a modal drawer left open there would only block the page.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const onChange = () => {
      if (!wide.matches) return;
      closeNav();
      closeMembers();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [closeNav, closeMembers]);

  return (
    <>
      <Sheet open={navOpen} onOpenChange={setNavOpen}>
        <SheetTrigger asChild>
          <Button ref={menuButton} variant="ghost" size="icon" aria-label="Open navigation">
            <Menu />
          </Button>
        </SheetTrigger>
        <SheetContent
          side="left"
          // Handing over to the members sheet: focus goes there, not back to the menu button.
          onCloseAutoFocus={(event) => membersOpen && event.preventDefault()}
        >
          <DrawerPanel
            user={user}
            collectiveId={collectiveId}
            onPick={closeNav}
            onShowMembers={() => {
              setMembersOpen(true);
              closeNav();
            }}
          />
        </SheetContent>
      </Sheet>

      {collectiveId !== null && (
        <Sheet open={membersOpen} onOpenChange={setMembersOpen}>
          <SheetContent
            side="right"
            aria-describedby={undefined}
            // Opened from the drawer, which is gone by now: the menu button is the way back.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              menuButton.current?.focus();
            }}
          >
            <SheetTitle className="sr-only">Members</SheetTitle>
            <MembersPanel collectiveId={collectiveId} className="min-h-0 w-full flex-1 border-l-0" />
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

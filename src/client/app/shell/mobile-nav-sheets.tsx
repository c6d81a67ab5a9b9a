import { BookOpen, Plus, Users } from 'lucide-react';
import { type RefObject, useState } from 'react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet';
import { useCollectiveMembers } from '../../entities/collective/use-collectives';
import { CreateCollectiveDialog } from '../../lazy-parts';
import { MembersPanel } from './members-panel';
import { SidebarBody, useShellContext } from './playlists-sidebar';
import { OnSidebarPick } from './sidebar-parts';

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
      {/* The count is drawn from CSS: the name "Members (3)" already says it, and as text "3" it
          would make the visible text "Members3", which that name does not contain (WCAG 2.5.3). */}
      {members && (
        <span
          aria-hidden
          data-count={members.length}
          className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground tabular-nums after:content-[attr(data-count)]"
        />
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
 * The drawer and the members sheet of `MobileNavDrawer`, loaded when one first opens (decision
 * 0077): Radix Dialog and its scroll lock are not on the first route. The menu button is not a
 * Radix trigger, so closing hands focus back to it here.
 */
export function MobileNavSheets({
  user,
  collectiveId,
  navOpen,
  setNavOpen,
  closeNav,
  membersOpen,
  setMembersOpen,
  menuButton,
}: {
  user: AuthUser;
  collectiveId: number | null;
  navOpen: boolean;
  setNavOpen: (open: boolean) => void;
  closeNav: () => void;
  membersOpen: boolean;
  setMembersOpen: (open: boolean) => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <>
      <Sheet open={navOpen} onOpenChange={setNavOpen}>
        <SheetContent
          side="left"
          // Handing over to the members sheet: focus goes there, not back to the menu button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!membersOpen) menuButton.current?.focus();
          }}
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

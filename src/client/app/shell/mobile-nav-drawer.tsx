import { Menu } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../lib/lazy-dialog';

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

/** The drawer and members sheet, with Radix Dialog: loaded when one first opens (decision 0077). */
const Sheets = lazyDialog(() => import('./mobile-nav-sheets').then((m) => m.MobileNavSheets));

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
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={navOpen}
        data-state={navOpen ? 'open' : 'closed'}
        onClick={() => setNavOpen(true)}
      >
        <Menu />
      </Button>
      <Sheets
        open={navOpen || membersOpen}
        user={user}
        collectiveId={collectiveId}
        navOpen={navOpen}
        setNavOpen={setNavOpen}
        closeNav={closeNav}
        membersOpen={membersOpen}
        setMembersOpen={setMembersOpen}
        menuButton={menuButton}
      />
    </>
  );
}

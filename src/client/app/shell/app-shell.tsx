import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { parseCollectiveId } from '../../entities/collective/use-collectives';
import { OfflineBanner } from '../../features/offline/offline-banner';
import { PlayerBar } from '../../features/player-bar/player-bar';
import { SearchTrigger, ShellSearch } from '../../features/search/shell-search';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { useLiveEvents } from '../use-live-events';
import { CollectivesRail } from './collectives-rail';
import { MobileTopBar } from './mobile-top-bar';
import { PlaylistsSidebar } from './playlists-sidebar';

/** Only collective screens show it: the journal's first route does without (issue 11's budget). */
const MembersPanel = lazy(() => import('./members-panel').then((m) => ({ default: m.MembersPanel })));

/** Any /collective/{id}/… path puts the shell in that collective's context. */
function collectiveContext(path: string): number | null {
  return parseCollectiveId(/^\/collective\/([^/]+)/.exec(path)?.[1]);
}

/**
 * The signed-in frame (spec section 2, shell layout): rail, playlists sidebar, scrolling main
 * area, members panel in collective context, and the player bar fixed at the bottom. Mounted once
 * for all signed-in routes, so moving between screens keeps sidebars and playback in place. Below
 * the md breakpoint the rail and sidebar give way to the mobile top bar, whose menu opens the same
 * sidebar (and the members) in a drawer.
 */
export function AppShell({ user, children }: { user: AuthUser; children: ReactNode }) {
  const [location] = useLocation();
  const collectiveId = collectiveContext(location);
  const narrow = useMediaQuery(NARROW_SCREEN);
  // Mounted once for every signed-in route: one event stream per tab.
  useLiveEvents(user.id);

  return (
    <ShellSearch user={user}>
      {(openSearch) => (
        // A fixed frame: the document never scrolls, so the player bar stays put (decision 0365).
        <div className="app-frame bg-background text-foreground">
          <SkipLink />
          <OfflineBanner />
          <MobileTopBar user={user} collectiveId={collectiveId} onSearch={openSearch} className="md:hidden" />
          <div className="flex min-h-0 flex-1">
            {/* Not rendered at all where CSS hides them (phones): 50 playlists were a third of the
                journal's first DOM (decision 0375). The drawer shows the same sidebar on demand. */}
            {!narrow && <CollectivesRail activeCollectiveId={collectiveId} className="hidden md:flex" />}
            {!narrow && (
              <PlaylistsSidebar user={user} collectiveId={collectiveId} className="hidden md:flex" />
            )}
            <div className="flex min-w-0 flex-1 flex-col">
              {/* The shell header (issue 13): the one search box; ⌘K / Ctrl+K opens the same dialog. */}
              <header className="hidden h-14 shrink-0 items-center border-b border-border px-6 md:flex">
                <SearchTrigger onOpen={openSearch} />
              </header>
              <main
                id={MAIN_CONTENT_ID}
                tabIndex={-1}
                className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus:outline-none"
              >
                {children}
              </main>
            </div>
            {collectiveId !== null && (
              <Suspense fallback={null}>
                <MembersPanel collectiveId={collectiveId} className="hidden lg:flex" />
              </Suspense>
            )}
          </div>
          <PlayerBar />
        </div>
      )}
    </ShellSearch>
  );
}

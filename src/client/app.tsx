import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { matchRoute, Route, Switch, useLocation, useRoute, useRouter } from 'wouter';
import type { AuthUser } from '../shared/schemas/auth';
import { ErrorBoundary } from './components/error-boundary';
import { FullScreenLoading, PageLoading } from './components/page-layout';
import { TooltipProvider } from './components/ui/tooltip';
import { parseCollectiveId } from './entities/collective/use-collectives';
import { useAuth } from './entities/user/use-auth';
import { useSessionEndedHandler } from './features/auth/session-ended';
import { useAuthSuccess } from './features/auth/use-auth-success';
import { CompareProvider } from './features/compare/compare-context';
import { UpdatePrompt } from './features/pwa/update-prompt';
import { Toaster } from './lazy-parts';
import {
  AdminPage,
  AppShell,
  CollectiveInvitesPage,
  CollectiveNotFound,
  CollectivePage,
  CollectivePlaylistPage,
  CollectiveSettingsPage,
  DownloadsPage,
  EquipmentPage,
  JoinPage,
  JoinSignInPrompt,
  JournalPage,
  LandingPage,
  LikedPage,
  NotFoundPage,
  PlaylistPage,
  ProfilePage,
  PublicFrame,
  PublicPlaylistPage,
  PublicProfilePage,
  preloadSignedInScreenFor,
  RecentPage,
  SearchPage,
  SharedItemPage,
  SharedTrackPage,
  TestAuthPage,
} from './lazy-screens';
import { queryClient } from './lib/query-client';
import { PlayerProvider } from './player/player-provider';

/** Every route that lives inside the shell (spec section 2); signed out, these show the landing page. */
const SHELL_ROUTES = [
  '/',
  '/profile',
  '/profile/:idOrUsername',
  '/playlist/:id',
  '/collective/:collectiveId',
  '/collective/:collectiveId/settings',
  '/collective/:collectiveId/invites',
  '/collective/:collectiveId/playlist/:playlistId',
  '/equipment/:id',
  '/search',
  '/join/:code',
  '/track/:id',
  '/downloads',
  '/recent',
  '/liked',
  '/admin',
];

/** A collective route whose id is not numeric renders "not found" instead of the screen. */
function withCollective(raw: string, render: (id: number) => React.ReactNode) {
  const id = parseCollectiveId(raw);
  return id === null ? <CollectiveNotFound /> : render(id);
}

function SignedInRoutes({ user }: { user: AuthUser }) {
  const router = useRouter();
  const [location] = useLocation();
  const inShell = SHELL_ROUTES.some((route) => matchRoute(router.parser, route, location)[0]);
  // Before the shell's chunk arrives and renders the page (a no-op once the module is loaded).
  if (inShell) preloadSignedInScreenFor(location);

  // The test page and the 404 stand alone; everything else shares one mounted shell.
  if (location === '/test-auth') return <TestAuthPage />;
  if (!inShell) return <NotFoundPage />;

  return (
    <AppShell user={user}>
      {/* The shell stays while the next screen's chunk loads; only the page area waits, and only
          the page area fails (another address clears it, decision 0515). */}
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageLoading>Loading...</PageLoading>}>
          <Switch>
            <Route path="/" component={JournalPage} />
            <Route path="/profile">
              <ProfilePage user={user} />
            </Route>
            <Route path="/profile/:idOrUsername">
              {(p) => <PublicProfilePage idOrUsername={p.idOrUsername} signedIn />}
            </Route>
            <Route path="/playlist/:id">{(p) => <PlaylistPage playlistId={p.id} />}</Route>
            <Route path="/collective/:collectiveId">
              {(p) => withCollective(p.collectiveId, (id) => <CollectivePage key={id} collectiveId={id} />)}
            </Route>
            <Route path="/collective/:collectiveId/settings">
              {(p) =>
                withCollective(p.collectiveId, (id) => (
                  <CollectiveSettingsPage collectiveId={id} user={user} />
                ))
              }
            </Route>
            <Route path="/collective/:collectiveId/invites">
              {(p) => withCollective(p.collectiveId, (id) => <CollectiveInvitesPage collectiveId={id} />)}
            </Route>
            <Route path="/collective/:collectiveId/playlist/:playlistId">
              {(p) =>
                withCollective(p.collectiveId, (id) => (
                  <CollectivePlaylistPage collectiveId={id} playlistId={p.playlistId} />
                ))
              }
            </Route>
            <Route path="/equipment/:id">{(p) => <EquipmentPage equipmentId={p.id} />}</Route>
            <Route path="/search">
              <SearchPage user={user} />
            </Route>
            <Route path="/join/:code">{(p) => <JoinPage code={p.code} />}</Route>
            <Route path="/track/:id">{(p) => <SharedTrackPage trackId={p.id} />}</Route>
            <Route path="/downloads" component={DownloadsPage} />
            <Route path="/recent" component={RecentPage} />
            <Route path="/liked" component={LikedPage} />
            {/* Admins only (decision 0445): for anyone else /admin is an address like any unknown one. */}
            <Route path="/admin">{user.isAdmin ? <AdminPage /> : <NotFoundPage />}</Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </AppShell>
  );
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      {/* Public pages: no shell, but a player bar so their tracks play (decisions 0012, 0014). */}
      <Route path="/profile/:idOrUsername">
        {(p) => (
          <PublicFrame>
            <PublicProfilePage idOrUsername={p.idOrUsername} signedIn={false} />
          </PublicFrame>
        )}
      </Route>
      <Route path="/track/:id">
        {(p) => (
          <PublicFrame>
            <SharedTrackPage trackId={p.id} />
          </PublicFrame>
        )}
      </Route>
      <Route path="/playlist/:id">
        {(p) => (
          <PublicFrame>
            <PublicPlaylistPage playlistId={p.id} />
          </PublicFrame>
        )}
      </Route>
      <Route path="/join/:code">{(p) => <JoinSignInPrompt code={p.code} />}</Route>
      <Route path="/test-auth" component={TestAuthPage} />
      {/* A signed-in-only address asks the visitor to sign in rather than claiming it does not exist. */}
      {SHELL_ROUTES.map((route) => (
        <Route key={route} path={route} component={LandingPage} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function AppRoutes() {
  const { user, isLoading } = useAuth();
  const finishingSignIn = useAuthSuccess(user, isLoading);
  useSessionEndedHandler(user);
  const [isShareLink, share] = useRoute('/s/:token');

  // A share link's page is the same signed in or out (decision 0335): it need not wait for the session.
  if (isShareLink) {
    return (
      <Suspense fallback={<FullScreenLoading />}>
        <PublicFrame>
          <SharedItemPage token={share.token} />
        </PublicFrame>
      </Suspense>
    );
  }
  if (isLoading || finishingSignIn) return <FullScreenLoading />;
  // The same centred Loading... covers the first screen's chunk (and the shell's) arriving.
  return (
    <Suspense fallback={<FullScreenLoading />}>
      {user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />}
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <PlayerProvider>
          <CompareProvider>
            <AppRoutes />
            <Toaster />
            <UpdatePrompt />
          </CompareProvider>
        </PlayerProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}

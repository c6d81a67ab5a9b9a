import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, lazy, useState } from 'react';
import { queryClient } from './lib/query-client';

/**
 * Every screen as its own chunk (issue 11, decision 0057): the first page a visitor opens downloads
 * the entry (providers, router, player) and that one screen, not the whole app.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy itself takes
function screen<C extends ComponentType<any>>(load: () => Promise<C>) {
  return lazy(async () => ({ default: await load() }));
}

const loadLandingPage = () => import('./features/auth/landing-page').then((m) => m.LandingPage);
const LazyLandingPage = screen(loadLandingPage);
let loadedLandingPage: Awaited<ReturnType<typeof loadLandingPage>> | undefined;

/**
 * Loads the landing's chunk before the first render when the server sent the landing already drawn
 * (decision 0930): that render then draws it at once, over the server's copy, where a lazy screen
 * would first put "Loading..." in its place. A failed load leaves the lazy screen to report it.
 */
export async function preloadLandingPage(): Promise<void> {
  loadedLandingPage = await loadLandingPage().catch(() => undefined);
}

export function LandingPage() {
  // Chosen once per mount: a screen whose type changed under it would be mounted afresh.
  const [Screen] = useState(() => loadedLandingPage ?? LazyLandingPage);
  return createElement(Screen);
}

export const TestAuthPage = screen(() =>
  import('./features/auth/test-auth-page').then((m) => m.TestAuthPage),
);
export const CollectivePage = screen(() =>
  import('./features/collectives/collective-page').then((m) => m.CollectivePage),
);
export const CollectiveNotFound = screen(() =>
  import('./features/collectives/collective-page').then((m) => m.CollectiveNotFound),
);
export const CollectivePlaylistPage = screen(() =>
  import('./features/collectives/collective-playlist-page').then((m) => m.CollectivePlaylistPage),
);
export const CollectiveInvitesPage = screen(() =>
  import('./features/collectives/invites-page').then((m) => m.CollectiveInvitesPage),
);
export const CollectiveSettingsPage = screen(() =>
  import('./features/collectives/settings-page').then((m) => m.CollectiveSettingsPage),
);
/** '/downloads', what is stored for listening offline (issue 25). */
export const DownloadsPage = screen(() =>
  import('./features/offline/downloads-page').then((m) => m.DownloadsPage),
);
/** '/recent', Recently played (issue 26). */
export const RecentPage = screen(() => import('./features/plays/recent-page').then((m) => m.RecentPage));
/** '/liked', the tracks the person gave a heart (issue 26). */
export const LikedPage = screen(() => import('./features/likes/liked-page').then((m) => m.LikedPage));
/** '/admin', the instance admin's console (issue 28): admins only. */
export const AdminPage = screen(() => import('./features/admin/admin-page').then((m) => m.AdminPage));
export const EquipmentPage = screen(() =>
  import('./features/equipment/equipment-page').then((m) => m.EquipmentPage),
);
export const SearchPage = screen(() => import('./features/search/search-page').then((m) => m.SearchPage));
export const JoinPage = screen(() => import('./features/invites/join-page').then((m) => m.JoinPage));
export const JoinSignInPrompt = screen(() =>
  import('./features/invites/join-page').then((m) => m.JoinSignInPrompt),
);
export const NotFoundPage = screen(() =>
  import('./features/not-found/not-found-page').then((m) => m.NotFoundPage),
);
export const PlaylistPage = screen(() =>
  import('./features/playlists/playlist-page').then((m) => m.PlaylistPage),
);
/** A public playlist for visitors (decision 0345); signed in, PlaylistPage shows it for non-owners. */
export const PublicPlaylistPage = screen(() =>
  import('./features/playlists/public-playlist-page').then((m) => m.PublicPlaylistPage),
);
/** The signed-in frame (sidebars, upload, player bar): signed-out visitors never download it. */
export const AppShell = screen(() => import('./app/shell/app-shell').then((m) => m.AppShell));
export const JournalPage = screen(() => import('./features/tracks/journal-page').then((m) => m.JournalPage));
/** '/s/{token}', a private share link's page (decision 0335). */
export const SharedItemPage = screen(() =>
  import('./features/shares/shared-item-page').then((m) => m.SharedItemPage),
);
export const SharedTrackPage = screen(() =>
  import('./features/tracks/shared-track-page').then((m) => m.SharedTrackPage),
);
export const ProfilePage = screen(() => import('./features/users/profile-page').then((m) => m.ProfilePage));
export const PublicFrame = screen(() => import('./features/users/public-frame').then((m) => m.PublicFrame));
export const PublicProfilePage = screen(() =>
  import('./features/users/public-profile-page').then((m) => m.PublicProfilePage),
);

/**
 * What an address is sure to need, asked for as the entry starts, beside the session probe rather
 * than after it (issue 25, decision 0370): Lighthouse on /track/{id} waited for the probe, then for
 * the public frame's chunks, then for the page's, and only then asked for the track. Signed in or
 * out, /track/{id} renders SharedTrackPage with the query ['/api/tracks', id] (reads never go stale,
 * so the page takes this answer as it is); the public frame's chunks are mostly the player bar,
 * which the signed-in shell loads too. A failed load is the screen's own to report.
 */
export function preloadScreensFor(pathname: string, client: QueryClient = queryClient) {
  const trackId = /^\/track\/([1-9]\d{0,15})\/?$/.exec(pathname)?.[1];
  if (!trackId) return;
  void client.prefetchQuery({ queryKey: ['/api/tracks', trackId] });
  for (const load of [
    () => import('./features/tracks/shared-track-page'),
    () => import('./features/users/public-frame'),
  ])
    load().catch(() => {});
}

/**
 * Signed in at '/', the journal's chunk is asked for with the shell's rather than after the shell
 * renders (issue 25, decision 0375): one level less between the session probe and the page's text.
 */
export function preloadSignedInScreenFor(pathname: string) {
  if (pathname !== '/') return;
  import('./features/tracks/journal-page').catch(() => {});
}

if (typeof window !== 'undefined') preloadScreensFor(window.location.pathname);

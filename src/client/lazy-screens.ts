import { type ComponentType, lazy } from 'react';

/**
 * Every screen as its own chunk (issue 11, decision 0057): the first page a visitor opens downloads
 * the entry (providers, router, player) and that one screen, not the whole app.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy itself takes
function screen<C extends ComponentType<any>>(load: () => Promise<C>) {
  return lazy(async () => ({ default: await load() }));
}

export const LandingPage = screen(() => import('./features/auth/landing-page').then((m) => m.LandingPage));
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
export const AppShell = screen(() => import('./features/shell/app-shell').then((m) => m.AppShell));
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

/// <reference lib="webworker" />
/**
 * The service worker (issue 25, decision 0355), built by vite-plugin-pwa (`injectManifest`) to
 * /sw.js, which the server sends with `Cache-Control: no-cache` so a deploy is found at once.
 *
 * - The app's shell (index.html, its JS and CSS chunks, not the embed page's) is precached at
 *   install and its assets are served from that cache; they are content-hashed, so never stale.
 * - Page navigations go to the network first, always: the server's HTTP statuses (a share link's
 *   404 or 410), its per-page link-preview tags (decision 0325) and a new deploy stay right. Only
 *   when the network fails (offline) does the precached index.html answer, and the app then routes.
 * - /api/* and /embed/* navigations are not touched (sign-in redirects, downloads, the framed player).
 * - No API response is cached here. Offline media is another module's: see the hook at the end.
 * - A new version waits until the page says "reload" (SKIP_WAITING from the update prompt).
 */
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerOfflineRoutes } from './features/offline/sw-routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The app's page as precached (vite-plugin-pwa's manifest names it relative to the worker). */
const SHELL_URL = '/index.html';

/**
 * Navigations the worker leaves to the browser: the API (sign-in redirects, downloads: a second
 * request could spend a one-time sign-in code) and the embed page (framed on other sites).
 */
const NOT_THE_APP = [/^\/api(\/|$)/, /^\/embed(\/|$)/];

// First, so a navigation never meets the precache route below (which would answer `/` from the
// cache through its directory index).
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        // The server's answer as it is: status, headers, preview tags, redirects.
        return await fetch(request);
      } catch (error) {
        // No network: the precached shell; the app's own screens then say what cannot load.
        const shell = await matchPrecache(SHELL_URL);
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_THE_APP },
  ),
);

// Precaching fetches ~170 files in the background, often while the person signs in. A request that
// carried the session cookie of a moment ago, answered after sign-in replaced that session, comes
// back with the cookie cleared (@fastify/session clears an unknown session's cookie), which would
// sign the person out. The files are public: their requests send no cookie and take none.
addPlugins([{ requestWillFetch: async ({ request }) => new Request(request, { credentials: 'omit' }) }]);
// The build's list (hashed URLs have no revision; index.html has its content hash). Asset requests
// are answered from the cache; `directoryIndex` and `cleanURLs` off: no page URL maps onto index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
// Caches of an older Workbox precache format, should one be left by an earlier worker.
cleanupOutdatedCaches();

// Registered after the routes above, so they can only see requests those leave: media, API, images.
registerOfflineRoutes();

// The update prompt's "Reload" (workbox-window's messageSkipWaiting): the waiting worker takes over,
// the page hears `controlling` and reloads. Never on its own: an open page keeps the chunks it loaded.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker controls the page it was installed from at once (nothing older to conflict
// with), so offline routes work in the first visit; an update only ever takes over on SKIP_WAITING.
clientsClaim();

/// <reference types="vite-plugin-pwa/client" />
import { offerUpdate } from './sw-update';

/** How often an open app asks whether a new version was deployed (besides each visit). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** A tab shown again asks too, but not more than once in this long (quick tab switching). */
const VISIBLE_CHECK_MIN_GAP_MS = 60 * 1000;

/**
 * Registers /sw.js (issue 25, decision 0355), from main.tsx in production builds only: never in the
 * embed page, the dev server or tests. The registration code and workbox-window are loaded here,
 * lazily, and workbox-window registers after the page's load event, so none of it delays the
 * first screen. A new version is never forced on an open page: it waits, and the update prompt
 * offers "New version available — reload".
 */
export async function registerServiceWorker(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    onNeedRefresh: () => offerUpdate(() => updateSW(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) watchForUpdates(registration);
    },
  });
}

/**
 * The browser itself checks /sw.js on navigations, but an app left open (a phone playing a long set,
 * a pinned tab) would not hear of a deploy for days: check hourly and when the tab is shown again.
 */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  let lastCheck = Date.now();
  const check = () => {
    // Offline, or an update already on its way: nothing to ask.
    if (registration.installing || !navigator.onLine) return;
    lastCheck = Date.now();
    registration.update().catch(() => {
      // The server is unreachable now; the next check will try again.
    });
  };
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > VISIBLE_CHECK_MIN_GAP_MS) check();
  });
}

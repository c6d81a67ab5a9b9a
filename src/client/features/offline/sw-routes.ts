/**
 * The service worker's hook for offline listening (issue 25): src/client/sw.ts calls this once,
 * after its own routes (the navigation route and the precache), so routes registered here with
 * workbox-routing's `registerRoute` see every other request: media, images, the API.
 *
 * It registers nothing yet, on purpose: the worker caches no API response and no media until the
 * offline-listening work replaces this body. Keep the name and the signature: sw.ts imports it.
 */
export function registerOfflineRoutes(): void {
  // Intentionally empty (see above).
}

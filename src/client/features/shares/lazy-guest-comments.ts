import { lazy } from 'react';

/**
 * The owner's "Guests" section and waveform markers on their track page (issue 45), in a chunk of
 * their own: most tracks have no review link, and the page's first chunk does without them.
 */
export const LazyOwnerGuestComments = lazy(() =>
  import('./owner-guest-comments').then((m) => ({ default: m.OwnerGuestComments })),
);
export const LazyOwnerGuestMarkers = lazy(() =>
  import('./owner-guest-comments').then((m) => ({ default: m.OwnerGuestMarkers })),
);

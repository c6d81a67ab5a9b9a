// Shared by the page (download manager) and the service worker (sw-routes.ts): no DOM, no React.
// Downloads are keyed by the exact addresses the player asks for (player-engine.ts, use-waveform.ts),
// so the worker answers the player's own requests from the cache without any rewriting.

/** The Cache Storage cache holding downloaded renditions and waveforms; bump the suffix to drop it. */
export const OFFLINE_MEDIA_CACHE = 'journal-offline-media-v1';

export const streamUrl = (trackId: number) => `/api/tracks/${trackId}/stream`;
export const waveformUrl = (trackId: number) => `/api/tracks/${trackId}/waveform`;

/** A track's own stream or waveform (share links' token-scoped addresses are never downloaded). */
export const OFFLINE_MEDIA_PATH = /^\/api\/tracks\/\d+\/(stream|waveform)$/;

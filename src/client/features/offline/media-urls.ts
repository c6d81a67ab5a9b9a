// Shared by the page (download manager) and the service worker (sw-routes.ts): no DOM, no React.
// Downloads are keyed by the exact addresses the player asks for (player-engine.ts, use-waveform.ts),
// so the worker answers the player's own requests from the cache without any rewriting.

/** The Cache Storage cache holding downloaded renditions and waveforms; bump the suffix to drop it. */
export const OFFLINE_MEDIA_CACHE = 'journal-offline-media-v1';

export const streamUrl = (trackId: number) => `/api/tracks/${trackId}/stream`;
export const waveformUrl = (trackId: number) => `/api/tracks/${trackId}/waveform`;

/** A track's versions list (issue 43): kept with a downloaded track that has earlier versions. */
export const versionsUrl = (trackId: number) => `/api/tracks/${trackId}/versions`;

/**
 * A track's own stream or waveform, its versions list, or one version's stream or waveform (share
 * links' token-scoped addresses are never downloaded).
 */
export const OFFLINE_MEDIA_PATH =
  /^\/api\/tracks\/\d+\/(stream|waveform|versions|versions\/\d+\/(stream|waveform))$/;
/** The one of those that changes while a download keeps it: asked of the network first. */
export const OFFLINE_LIST_PATH = /^\/api\/tracks\/\d+\/versions$/;

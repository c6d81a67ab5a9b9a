// The shares feature's public surface (decision 0467): what other features may use.

export { LazyOwnerGuestComments, LazyOwnerGuestMarkers } from './lazy-guest-comments';
export { LazyListenHeatStrip } from './lazy-listen-heat';
export { LazyShareDialog } from './lazy-share-dialog';
export { RequestFilesButton } from './request-files-button';

// The collectives feature's public surface (decision 0467): what other features may use.
export { CollectiveTrackList } from './collective-track-list';
export { SharePlaylistDialog } from './share-playlist-dialog';
export { SharedWithRow } from './shared-collective-badges';

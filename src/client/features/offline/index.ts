// The offline feature's public surface (decision 0467): what other features may use.
export { forgetOfflineData } from './offline-boot';
export { AvailableOfflineItem } from './offline-menu-item';
export { PlaylistOfflineButton } from './playlist-offline-button';

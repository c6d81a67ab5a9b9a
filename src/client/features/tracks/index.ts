// The tracks feature's public surface (decision 0467): what other features may use.
export { TrackCard } from './track-card';
export { TrackMoreMenu } from './track-more-menu';
export { TrackQueueItems } from './track-queue-items';
export { type TrackSelection, useSelectionKeys, useTrackSelection } from './use-track-selection';

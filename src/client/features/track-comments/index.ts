// The track comments feature's public surface (decision 0467): what other features may use.
export { MentionTextarea } from './comment-form';
export { PlayerCommentMarkers } from './player-comment-markers';
export { showTime } from './time-input';
export { TrackFeedback } from './track-feedback';

// The track comments feature's public surface (decision 0467): what other features may use.
export { MentionTextarea } from './comment-form';
export { CommentMarkers } from './comment-markers';
export { PlayerCommentMarkers } from './player-comment-markers';
export { parseTime, showTime } from './time-input';
export { TrackFeedback } from './track-feedback';
export { useTrackComments } from './use-track-comments';

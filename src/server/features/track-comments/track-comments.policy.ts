import type { CollectiveRole } from '../../../shared/schemas/collectives';

// Timed comments' rows of decision 0013's permission table (decision 0160), one function per row.
// Reading and posting follow `canComment` (any member); a non-member is answered 404 before these.

/** Only the author edits the words of a comment (nobody edits someone else's words). */
export const canEditTrackComment = (userId: string, comment: { userId: string }) => comment.userId === userId;

/** The author deletes their comment; owner and admins delete anyone's (moderation). */
export const canDeleteTrackComment = (userId: string, role: CollectiveRole, comment: { userId: string }) =>
  comment.userId === userId || role === 'owner' || role === 'admin';

/** The track's owner marks a comment resolved ("fixed in the next version"), and un-resolves it. */
export const canResolveTrackComment = (userId: string, track: { userId: string }) => track.userId === userId;

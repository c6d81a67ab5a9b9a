import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { HIDDEN_COMMENT_TEXT } from '../../../shared/schemas/reports';
import type { TrackComment } from '../../../shared/schemas/track-comments';
import type { DbOrTx } from '../../db/client';
import { trackComments, users } from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { toUserSummary, userSummaryColumns } from '../users/users.service';

// How a timed comment is read and shown: its row with its author and who resolved it (issue 44).

/** Who resolved a thread (issue 44): the same summary as an author, from a second join of users. */
const resolvers = alias(users, 'resolver');
const columns = {
  comment: trackComments,
  user: userSummaryColumns,
  resolver: {
    id: resolvers.id,
    username: resolvers.username,
    firstName: resolvers.firstName,
    lastName: resolvers.lastName,
    avatarUrl: imageUrlColumn(resolvers.avatarKey),
    updatedAt: resolvers.updatedAt,
  },
};
type UserRow = Parameters<typeof toUserSummary>[0];
type Row = { comment: typeof trackComments.$inferSelect; user: UserRow; resolver: UserRow | null };

/** Comments with their author and, when resolved, who resolved them. */
export const selectComments = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(columns)
    .from(trackComments)
    .innerJoin(users, eq(users.id, trackComments.userId))
    .leftJoin(resolvers, eq(resolvers.id, trackComments.resolvedBy))
    .where(where);

/** A hidden comment's words reach its author only (decision 0455); `viewerId` null: nobody's. */
export function toDto({ comment: c, user, resolver }: Row, viewerId: string | null): TrackComment {
  const hidden = c.hiddenAt !== null;
  return {
    id: c.id,
    collectiveId: c.collectiveId,
    trackId: c.trackId,
    parentId: c.parentId,
    userId: c.userId,
    user: toUserSummary(user),
    content: hidden && c.userId !== viewerId ? HIDDEN_COMMENT_TEXT : c.content,
    atSeconds: c.atSeconds,
    endSeconds: c.endSeconds,
    trackVersion: c.trackVersion,
    resolved: c.resolvedAt !== null,
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolvedBy: c.resolvedAt && resolver ? toUserSummary(resolver) : null,
    resolutionNote: c.resolvedAt ? c.resolutionNote : null,
    carriedFrom: c.carriedFromVersion,
    carriedFromCommentId: c.carriedFromVersion === null ? null : c.carriedFromCommentId,
    editedAt: c.editedAt?.toISOString() ?? null,
    hidden,
    createdAt: c.createdAt.toISOString(),
  };
}

import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db/client';
import { onlineUserIds } from '../db/online-users';
import { collectiveMembers, playlistCollectiveShares, playlistTracks } from '../db/schema';
import { findComment } from '../features/collectives/collective-playlists.service';
import { findImport } from '../features/imports/imports.service';
import { findNotification } from '../features/notifications/inbox.service';
import { findTrackComment } from '../features/track-comments/track-comments.service';
import type { LiveStreams } from './live-streams';

// The channel drizzle/0005's triggers (and the app) notify on; in db/ so features may announce too.
export { LIVE_EVENTS_CHANNEL } from '../db/live-events-channel';

/** What the app NOTIFYs when a job is sent to a wake-on-send queue (decision 0470). */
export const jobSentMessage = (queue: string) => JSON.stringify({ kind: 'job-sent', queue });

/** What a trigger announces: ids and kinds only (NOTIFY payloads stay far below 8000 bytes). */
const busMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('comment'),
    collectiveId: z.number(),
    playlistId: z.number(),
    commentId: z.number(),
  }),
  /** A playlist comment hidden or unhidden by a moderator (drizzle/0030, decision 0455). */
  z.object({
    kind: z.literal('comment-visibility'),
    collectiveId: z.number(),
    playlistId: z.number(),
    commentId: z.number(),
  }),
  z.object({
    kind: z.literal('share'),
    collectiveId: z.number(),
    playlistId: z.number(),
    change: z.enum(['shared', 'unshared']),
  }),
  z.object({
    kind: z.literal('member'),
    collectiveId: z.number(),
    userId: z.string(),
    change: z.enum(['joined', 'left', 'role']),
  }),
  z.object({ kind: z.literal('presence'), userId: z.string() }),
  z.object({
    kind: z.literal('track-comment'),
    collectiveId: z.number(),
    trackId: z.number(),
    commentId: z.number(),
    parentId: z.number().nullable(),
    change: z.enum(['added', 'edited', 'deleted']),
  }),
  /** A guest comment on the owner's track changed (features/shares/guest-comment-rows.ts, issue 45). */
  z.object({
    kind: z.literal('guest-comment'),
    ownerId: z.string(),
    trackId: z.number(),
    shareId: z.number(),
    commentId: z.number(),
    change: z.enum(['added', 'hidden', 'shown', 'deleted']),
  }),
  z.object({ kind: z.literal('notification'), userId: z.string(), notificationId: z.number() }),
  z.object({ kind: z.literal('version'), trackId: z.number(), version: z.number() }),
  /** An import row was made or changed (drizzle/0024, decision 0425). */
  z.object({ kind: z.literal('import'), userId: z.string(), importId: z.string() }),
  /** A job was sent to a wake-on-send queue on some instance (decision 0470): wake a worker here. */
  z.object({ kind: z.literal('job-sent'), queue: z.string() }),
  /** A sessions row was deleted (drizzle/0015); `session` is its id's sessionBusKey. */
  z.object({ kind: z.literal('session-ended'), session: z.string() }),
]);
type BusMessage = z.infer<typeof busMessageSchema>;

type Log = { warn(obj: object, msg: string): void };

/**
 * Turns each announced change into events for the streams this instance holds. Who receives it is
 * decided now, from the database, for each change: a person removed from a collective stops
 * receiving its events at once. One membership query per change whatever the number of streams,
 * and none when this instance holds no stream. Changes are handled one after another, in the order
 * the database committed them.
 */
export class LiveEventDelivery {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly streams: LiveStreams,
    private readonly log: Log,
    /** Told of every ended session, whether or not a stream here used it (the access cache, 0240). */
    private readonly onSessionEnded: () => void = () => {},
    /** Told of every job sent to a wake-on-send queue, on any instance (the job queue, 0470). */
    private readonly onJobSent: (queue: string) => void = () => {},
  ) {}

  receive(payload: string) {
    this.queue = this.queue.then(() => this.deliver(payload));
  }

  /** Resolves once every change received so far is delivered (app closing, tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async deliver(payload: string) {
    let message: BusMessage;
    try {
      message = busMessageSchema.parse(JSON.parse(payload));
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'Ignored a live event the app does not know');
      return;
    }
    if (message.kind === 'job-sent') {
      this.onJobSent(message.queue);
      return;
    }
    if (message.kind === 'session-ended') {
      this.onSessionEnded();
      this.streams.endSessions((stream) => stream.sessionKey === message.session);
      return;
    }
    const local = this.streams.userIds();
    if (local.length === 0) return;
    try {
      await this.dispatch(message, local);
    } catch (err) {
      this.log.warn(
        { err: { message: (err as Error).message }, kind: message.kind },
        'Live event not delivered',
      );
    }
  }

  private async dispatch(
    message: Exclude<BusMessage, { kind: 'session-ended' | 'job-sent' }>,
    local: string[],
  ) {
    switch (message.kind) {
      case 'comment': {
        const to = await this.membersAmong(message.collectiveId, local);
        const comment = to.length > 0 ? await findComment(this.db, message.commentId) : undefined;
        if (comment) {
          const { collectiveId, playlistId } = message;
          this.streams.sendTo(to, { event: 'comment', data: { collectiveId, playlistId, comment } });
        }
        return;
      }
      case 'comment-visibility': {
        const { collectiveId, playlistId, commentId } = message;
        const to = await this.membersAmong(collectiveId, local);
        this.streams.sendTo(to, {
          event: 'commentVisibility',
          data: { collectiveId, playlistId, commentId },
        });
        return;
      }
      case 'share': {
        const { collectiveId, playlistId, change } = message;
        const to = await this.membersAmong(collectiveId, local);
        this.streams.sendTo(to, { event: 'share', data: { collectiveId, playlistId, change } });
        return;
      }
      case 'member': {
        const { collectiveId, userId, change } = message;
        // The person who left is told too, so their browser drops the collective.
        const to = new Set(await this.membersAmong(collectiveId, local));
        if (local.includes(userId)) to.add(userId);
        this.streams.sendTo(to, { event: 'member', data: { collectiveId, userId, change } });
        return;
      }
      case 'track-comment': {
        const { collectiveId, trackId, commentId, parentId } = message;
        const to = await this.membersAmong(collectiveId, local);
        if (to.length === 0) return;
        // The row as it is now: a change already followed by a delete is sent as the delete.
        const comment = message.change === 'deleted' ? undefined : await findTrackComment(this.db, commentId);
        const change = comment ? message.change : 'deleted';
        this.streams.sendTo(to, {
          event: 'trackComment',
          data: { collectiveId, trackId, commentId, parentId, change, comment: comment ?? null },
        });
        return;
      }
      case 'guest-comment': {
        // The track's owner alone reads its guests' comments (decision 0715).
        const { ownerId, kind: _, ...data } = message;
        if (local.includes(ownerId)) this.streams.sendTo([ownerId], { event: 'guestComment', data });
        return;
      }
      case 'notification': {
        if (!local.includes(message.userId)) return;
        const notification = await findNotification(this.db, message.notificationId);
        if (notification) {
          const { userId, ...item } = notification;
          this.streams.sendTo([userId], { event: 'notification', data: { notification: item } });
        }
        return;
      }
      case 'import': {
        if (!local.includes(message.userId)) return;
        const found = await findImport(this.db, message.importId);
        if (found)
          this.streams.sendTo([message.userId], { event: 'importProgress', data: { import: found } });
        return;
      }
      case 'version': {
        // Every collective the track is shared into, each to its members this instance streams to.
        const { trackId, version } = message;
        for (const [collectiveId, to] of await this.membersWhereTrackIsShared(trackId, local)) {
          this.streams.sendTo(to, { event: 'version', data: { collectiveId, trackId, version } });
        }
        return;
      }
      case 'presence': {
        const to = await this.sharingACollectiveWith(message.userId, local);
        if (to.length === 0) return;
        const online = (await onlineUserIds(this.db, [message.userId])).has(message.userId);
        this.streams.sendTo(to, { event: 'presence', data: { userId: message.userId, online } });
        return;
      }
    }
  }

  private async membersAmong(collectiveId: number, userIds: string[]): Promise<string[]> {
    const rows = await this.db
      .select({ userId: collectiveMembers.userId })
      .from(collectiveMembers)
      .where(
        and(eq(collectiveMembers.collectiveId, collectiveId), inArray(collectiveMembers.userId, userIds)),
      );
    return rows.map((r) => r.userId);
  }

  /** Of these users, those in each collective a playlist holding the track is shared into. */
  private async membersWhereTrackIsShared(trackId: number, userIds: string[]) {
    const rows = await this.db
      .selectDistinct({ collectiveId: collectiveMembers.collectiveId, userId: collectiveMembers.userId })
      .from(playlistTracks)
      .innerJoin(playlistCollectiveShares, eq(playlistCollectiveShares.playlistId, playlistTracks.playlistId))
      .innerJoin(collectiveMembers, eq(collectiveMembers.collectiveId, playlistCollectiveShares.collectiveId))
      .where(and(eq(playlistTracks.trackId, trackId), inArray(collectiveMembers.userId, userIds)));
    const byCollective = new Map<number, string[]>();
    for (const { collectiveId, userId } of rows) {
      byCollective.set(collectiveId, [...(byCollective.get(collectiveId) ?? []), userId]);
    }
    return byCollective;
  }

  /** Of these users, those in at least one collective with `userId` (who see them in a panel). */
  private async sharingACollectiveWith(userId: string, userIds: string[]): Promise<string[]> {
    const other = alias(collectiveMembers, 'other');
    const rows = await this.db
      .selectDistinct({ userId: other.userId })
      .from(collectiveMembers)
      .innerJoin(other, eq(other.collectiveId, collectiveMembers.collectiveId))
      .where(and(eq(collectiveMembers.userId, userId), inArray(other.userId, userIds)));
    return rows.map((r) => r.userId);
  }
}

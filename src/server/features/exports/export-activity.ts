import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { JournalExport } from '../../../shared/schemas/journal-export';
import type { Database } from '../../db/client';
import {
  collectivePlaylistComments,
  collectives,
  playlists,
  trackComments,
  trackLikes,
  trackPlays,
  tracks,
  users,
} from '../../db/schema';

// What the person did in Journal besides their own tracks, for journal.json (decision 0415).

const iso = (d: Date) => d.toISOString();

/** Timed comments and playlist comments the person wrote, with the collective and item they are on. */
export async function exportComments(db: Database, userId: string): Promise<JournalExport['comments']> {
  const timed = await db
    .select({
      collective: collectives.name,
      trackId: tracks.id,
      trackOwner: tracks.userId,
      trackTitle: tracks.name,
      content: trackComments.content,
      atSeconds: trackComments.atSeconds,
      endSeconds: trackComments.endSeconds,
      parentId: trackComments.parentId,
      createdAt: trackComments.createdAt,
    })
    .from(trackComments)
    .innerJoin(collectives, eq(collectives.id, trackComments.collectiveId))
    .innerJoin(tracks, eq(tracks.id, trackComments.trackId))
    .where(eq(trackComments.userId, userId))
    .orderBy(asc(trackComments.createdAt), asc(trackComments.id));
  const onPlaylists = await db
    .select({
      collective: collectives.name,
      playlist: playlists.name,
      content: collectivePlaylistComments.content,
      createdAt: collectivePlaylistComments.createdAt,
    })
    .from(collectivePlaylistComments)
    .innerJoin(collectives, eq(collectives.id, collectivePlaylistComments.collectiveId))
    .innerJoin(playlists, eq(playlists.id, collectivePlaylistComments.playlistId))
    .where(eq(collectivePlaylistComments.userId, userId))
    .orderBy(asc(collectivePlaylistComments.createdAt), asc(collectivePlaylistComments.id));
  return [
    ...timed.map((c) => ({
      collective: c.collective,
      trackId: c.trackOwner === userId ? c.trackId : null,
      trackTitle: c.trackTitle,
      playlist: null,
      content: c.content,
      atSeconds: c.atSeconds,
      endSeconds: c.endSeconds,
      isReply: c.parentId !== null,
      createdAt: iso(c.createdAt),
    })),
    ...onPlaylists.map((c) => ({
      collective: c.collective,
      trackId: null,
      trackTitle: null,
      playlist: c.playlist,
      content: c.content,
      atSeconds: null,
      endSeconds: null,
      isReply: false,
      createdAt: iso(c.createdAt),
    })),
  ];
}

const owner = alias(users, 'owner');

/** Likes and plays: the person's own tracks by id, others' by title (and owner). */
export async function exportListening(db: Database, userId: string) {
  const likes = await db
    .select({
      trackId: tracks.id,
      ownerId: tracks.userId,
      title: tracks.name,
      owner: owner.username,
      at: trackLikes.createdAt,
    })
    .from(trackLikes)
    .innerJoin(tracks, eq(tracks.id, trackLikes.trackId))
    .innerJoin(owner, eq(owner.id, tracks.userId))
    .where(eq(trackLikes.userId, userId))
    .orderBy(asc(trackLikes.createdAt));
  const plays = await db
    .select({
      trackId: tracks.id,
      ownerId: tracks.userId,
      title: tracks.name,
      at: trackPlays.playedAt,
      client: trackPlays.client,
    })
    .from(trackPlays)
    .innerJoin(tracks, eq(tracks.id, trackPlays.trackId))
    .where(eq(trackPlays.userId, userId))
    .orderBy(asc(trackPlays.playedAt), asc(trackPlays.id));
  return {
    likes: likes.map((l) => {
      const mine = l.ownerId === userId;
      return {
        trackId: mine ? l.trackId : null,
        title: mine ? null : l.title,
        owner: mine ? null : l.owner,
        likedAt: iso(l.at),
      };
    }),
    plays: plays.map((p) => ({
      trackId: p.ownerId === userId ? p.trackId : null,
      title: p.ownerId === userId ? null : p.title,
      playedAt: iso(p.at),
      client: p.client,
    })),
  };
}

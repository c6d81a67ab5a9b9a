import { createPlaylistBodySchema, updatePlaylistBodySchema } from '../../../shared/schemas/playlists';
import {
  createPlaylist,
  deletePlaylist,
  findOwnPlaylist,
  removeTrackFromPlaylist,
  updatePlaylist,
} from '../playlists/playlists.service';
import { bulkTrackAction } from '../tracks/tracks-bulk.service';
import { BLANK_COVER_ART, coverArtId } from './cover-art';
import { writes } from './method-writes';
import {
  findVisiblePlaylist,
  listVisiblePlaylists,
  ownTrackIds,
  type PlaylistTotals,
  playlistEntries,
  playlistTotals,
  type VisiblePlaylist,
} from './playlists.service';
import { rowIdOf } from './song-access';
import { songCoverArt } from './song-cover';
import { songNodes } from './song-nodes';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { notFound, required, SubsonicCode, SubsonicError, type SubsonicNode } from './subsonic-response';

/**
 * getPlaylists, getPlaylist, createPlaylist, updatePlaylist, deletePlaylist (decision 0385): the web
 * app's playlists and its rules (playlists feature). A playlist's id is its Journal id.
 */
const parseId = rowIdOf;

function playlistNode(found: VisiblePlaylist, totals: PlaylistTotals): SubsonicNode {
  const { playlist, owner, access } = found;
  return {
    id: String(playlist.id),
    name: playlist.name,
    comment: playlist.description ?? undefined,
    owner: owner.login,
    public: playlist.isPublic,
    songCount: totals.songCount,
    duration: totals.duration,
    created: playlist.createdAt.toISOString(),
    changed: playlist.updatedAt.toISOString(),
    // Its picture, else its first song's tile, else a flat one (cover-art.ts, decision 0790).
    coverArt: coverArtId(playlist.imageKey) ?? (totals.first ? songCoverArt(totals.first) : BLANK_COVER_ART),
    // OpenSubsonic: clients offer editing only when false; only the owner changes a playlist.
    readonly: access !== 'own',
  };
}

/** The playlist with its entries, as getPlaylist (and createPlaylist, since 1.14) answer. */
async function fullPlaylist({ db, caller }: SubsonicContext, found: VisiblePlaylist) {
  const entries = await playlistEntries(db, found, caller.user.id);
  const totals = {
    songCount: entries.length,
    duration: Math.round(entries.reduce((sum, e) => sum + (e.track.duration ?? 0), 0)),
    first: entries[0]?.track,
  };
  return {
    playlist: { ...playlistNode(found, totals), entry: await songNodes(db, caller.user.id, entries) },
  };
}

/** A playlist the caller owns: 70 when they cannot see it at all, 50 when it is someone else's. */
async function ownPlaylist({ db, caller }: SubsonicContext, id: string) {
  const playlistId = parseId(id);
  const found =
    playlistId === undefined ? undefined : await findVisiblePlaylist(db, playlistId, caller.user.id);
  if (!found) throw notFound('Playlist');
  if (found.access !== 'own') {
    throw new SubsonicError(SubsonicCode.notAuthorized, "Only the playlist's owner can change it");
  }
  return found;
}

/**
 * Song ids to add: each must be one of the caller's own tracks, as the web app allows (70 names
 * the first that is not), checked before anything changes. Repeats count once: a track sits in a
 * Journal playlist at most once.
 */
async function songsToAdd({ db, caller }: SubsonicContext, values: string[]) {
  const ids = [...new Set(values.map((value) => parseId(value) ?? -1))];
  const own = await ownTrackIds(
    db,
    caller.user.id,
    ids.filter((id) => id > 0),
  );
  if (ids.some((id) => !own.has(id))) throw notFound('Song');
  return ids;
}

async function addSongs({ db, caller }: SubsonicContext, playlistId: number, ids: number[]) {
  if (ids.length > 0) await bulkTrackAction(db, caller.user.id, { action: 'addToPlaylist', playlistId, ids });
}

/**
 * Runs one edit of the caller's playlist in one transaction, its row locked first as the web app's
 * adds, removals and reorders lock it: theirs wait for this one and this one for theirs, so the
 * entries it reads are the ones it changes, and a failure leaves the playlist as it was.
 */
function inOneEdit<T>(
  context: SubsonicContext,
  playlistId: number,
  edit: (tx: SubsonicContext) => Promise<T>,
) {
  return context.db.transaction(async (tx) => {
    await findOwnPlaylist(tx, playlistId, context.caller.user.id, true);
    return edit({ ...context, db: tx });
  });
}

/** The web app's validation (name length…), as a protocol error rather than a 400. */
function validated<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
) {
  if (!result.success)
    throw new SubsonicError(SubsonicCode.generic, result.error.issues[0]?.message ?? 'Invalid');
  return result.data;
}

export const playlistMethods: Record<string, SubsonicMethod> = {
  getPlaylists: async ({ db, caller, params }) => {
    // Someone else's list is not the caller's to read (the web app has no such view).
    const username = params.get('username');
    if (
      username !== undefined &&
      username.toLowerCase() !== (caller.user.username ?? caller.user.id).toLowerCase()
    ) {
      throw new SubsonicError(SubsonicCode.notAuthorized, 'You may only list your own playlists');
    }
    const found = await listVisiblePlaylists(db, caller.user);
    const totals = await playlistTotals(db, found, caller.user.id);
    const none = { songCount: 0, duration: 0 };
    return { playlists: { playlist: found.map((f) => playlistNode(f, totals.get(f.playlist.id) ?? none)) } };
  },

  getPlaylist: async (context) => {
    const playlistId = parseId(required(context.params, 'id'));
    const found =
      playlistId === undefined
        ? undefined
        : await findVisiblePlaylist(context.db, playlistId, context.caller.user.id);
    if (!found) throw notFound('Playlist');
    return fullPlaylist(context, found);
  },

  createPlaylist: writes(async (context) => {
    const { db, caller, params } = context;
    const existing = params.get('playlistId');
    const name = params.get('name');
    if (existing === undefined && name === undefined)
      throw new SubsonicError(
        SubsonicCode.missingParameter,
        'Required parameter is missing: name or playlistId',
      );
    const target = existing === undefined ? undefined : await ownPlaylist(context, existing);
    // A new playlist counts as POST /api/playlists does, on the same per-person counter.
    if (!target) await context.limit('create');
    const songs = await songsToAdd(context, params.getAll('songId'));
    let playlistId: number;
    if (target) {
      // Replaces the songs: every entry goes, then the new list is appended in the order given.
      playlistId = target.playlist.id;
      const patch = name === undefined ? undefined : validated(updatePlaylistBodySchema.safeParse({ name }));
      await inOneEdit(context, playlistId, async (edit) => {
        if (patch) await updatePlaylist(edit.db, playlistId, caller.user.id, patch);
        for (const entry of await playlistEntries(edit.db, target, caller.user.id)) {
          await removeTrackFromPlaylist(edit.db, playlistId, caller.user.id, entry.track.id);
        }
        await addSongs(edit, playlistId, songs);
      });
    } else {
      playlistId = (
        await createPlaylist(db, caller.user.id, validated(createPlaylistBodySchema.safeParse({ name })))
      ).id;
      await addSongs(context, playlistId, songs);
    }
    const found = await findVisiblePlaylist(db, playlistId, caller.user.id);
    return fullPlaylist(context, found!);
  }),

  updatePlaylist: writes(async (context) => {
    const { caller, params } = context;
    const found = await ownPlaylist(context, required(params, 'playlistId'));
    const playlistId = found.playlist.id;
    const changes = Object.fromEntries(
      Object.entries({
        name: params.get('name'),
        description: params.get('comment'),
        isPublic: params.get('public') === undefined ? undefined : params.get('public') === 'true',
      }).filter(([, value]) => value !== undefined),
    );
    const patch = Object.keys(changes).length
      ? validated(updatePlaylistBodySchema.safeParse(changes))
      : undefined;
    // One transaction: indices are positions in the playlist as it was before this update (as the
    // protocol means them), read under the lock, so no web edit can shift them before the removals;
    // everything is checked before anything changes, and a failure undoes it all.
    await inOneEdit(context, playlistId, async (edit) => {
      const current = await playlistEntries(edit.db, found, caller.user.id);
      const removals = params.getAll('songIndexToRemove').map((value) => {
        const index = /^\d{1,6}$/.test(value) ? Number(value) : -1;
        const entry = current[index];
        if (!entry) throw notFound(`Song index ${value}`);
        return entry.track.id;
      });
      const songs = await songsToAdd(edit, params.getAll('songIdToAdd'));
      if (patch) await updatePlaylist(edit.db, playlistId, caller.user.id, patch);
      for (const trackId of new Set(removals))
        await removeTrackFromPlaylist(edit.db, playlistId, caller.user.id, trackId);
      await addSongs(edit, playlistId, songs);
    });
    return {};
  }),

  deletePlaylist: writes(async (context) => {
    const found = await ownPlaylist(context, required(context.params, 'id'));
    await deletePlaylist(context.db, found.playlist.id, context.caller.user.id);
    return {};
  }),
};

import { readQueue, saveQueue } from './play-queue.service';
import { clientNameOf, PLAY_STATE_LIMITS, positionOf, wholeNumber } from './play-state-limits';
import { requireListenable } from './play-state-songs';
import { songIdOf } from './song-access';
import { songNodes } from './song-nodes';
import { loginOf } from './subsonic-auth';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { SubsonicCode, SubsonicError, type SubsonicNode } from './subsonic-response';

/**
 * savePlayQueue / getPlayQueue and their OpenSubsonic ByIndex forms (issue 46, decision 0781):
 * one saved queue per person, whichever app or device saved it last.
 */

/** The queued songs (`id`, repeated), each one the caller may hear, or 70 and nothing saved. */
async function queuedSongs({ db, caller, params }: SubsonicContext): Promise<number[]> {
  const ids = params.getAll('id');
  if (ids.length > PLAY_STATE_LIMITS.queueSongs) {
    throw new SubsonicError(
      SubsonicCode.generic,
      `A play queue holds at most ${PLAY_STATE_LIMITS.queueSongs} songs`,
    );
  }
  return requireListenable(db, caller.user.id, ids);
}

/** The reply both forms share; `current` is what differs (an id, or an index). */
async function queueReply(context: SubsonicContext, current: (id: string, index: number) => SubsonicNode) {
  const { db, caller } = context;
  const queue = await readQueue(db, caller.user.id);
  const head = { username: loginOf(caller.user) };
  // Never saved: an empty queue as old as the account, so any app's own queue is newer.
  if (!queue) return { ...head, changed: caller.user.createdAt.toISOString(), changedBy: '' };
  const entry = await songNodes(db, caller.user.id, queue.songs);
  const playing =
    queue.currentIndex === undefined
      ? {}
      : current(String(entry[queue.currentIndex]!.id), queue.currentIndex);
  return {
    ...playing,
    position: queue.positionMs,
    ...head,
    changed: queue.changedAt.toISOString(),
    changedBy: queue.changedBy,
    entry,
  };
}

/** Saves the queue as this app (`c`) left it: the songs, the current one's place, the position. */
async function save(context: SubsonicContext, trackIds: number[], currentIndex: number) {
  const positionMs = positionOf(context.params);
  await saveQueue(context.db, context.caller.user.id, {
    trackIds,
    currentIndex,
    positionMs,
    changedBy: clientNameOf(context.params),
  });
  return {};
}

export const playQueueMethods: Record<string, SubsonicMethod> = {
  // A save without `current` starts at the first song: clients that omit it still resume somewhere.
  savePlayQueue: async (context) => {
    const trackIds = await queuedSongs(context);
    const rawCurrent = context.params.get('current');
    let currentIndex = 0;
    if (trackIds.length > 0 && rawCurrent !== undefined) {
      const currentId = songIdOf(rawCurrent);
      currentIndex = currentId === undefined ? -1 : trackIds.indexOf(currentId);
      if (currentIndex === -1) {
        throw new SubsonicError(SubsonicCode.generic, 'current must be one of the queued songs');
      }
    }
    return save(context, trackIds, currentIndex);
  },

  savePlayQueueByIndex: async (context) => {
    const trackIds = await queuedSongs(context);
    // Clearing the queue takes whatever index came with it.
    const currentIndex =
      trackIds.length === 0 ? 0 : wholeNumber(context.params, 'currentIndex', trackIds.length - 1);
    return save(context, trackIds, currentIndex);
  },

  getPlayQueue: async (context) => ({ playQueue: await queueReply(context, (id) => ({ current: id })) }),

  getPlayQueueByIndex: async (context) => ({
    playQueueByIndex: await queueReply(context, (_id, index) => ({ currentIndex: index })),
  }),
};

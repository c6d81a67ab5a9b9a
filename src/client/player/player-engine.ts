import { TIMINGS } from '../../shared/constants';
import type { PlayerControls, PlayerState, PlayerTrack } from './player-context';
import {
  canPlay,
  NOTHING_TO_PLAY,
  type Notice,
  reshuffled,
  shuffled,
  stepPlayable,
  unplayableNotice,
  upcoming,
  withAppended,
  withMoved,
  withNext,
  withUpcoming,
} from './player-queue';

export interface EngineDeps {
  /** The latest state (not a render's snapshot: audio events and timers need the newest). */
  getState: () => PlayerState;
  update: (patch: Partial<PlayerState>) => void;
  getAudio: () => HTMLAudioElement | null;
  notify: (notice: Notice) => void;
  /** Runs inside the user's gesture, before audio.play(): levelling starts its AudioContext here. */
  beforePlay: () => void;
  random?: () => number;
}

// A share link's page gives its token-scoped stream (decision 0335); every other track its own route.
const streamUrl = (track: PlayerTrack) => track.streamUrl ?? `/api/tracks/${track.id}/stream`;
const mapTracks = (tracks: PlayerTrack[] | null, fn: (t: PlayerTrack) => PlayerTrack) =>
  tracks ? tracks.map(fn) : null;

/**
 * The player's transitions (spec section 4, issue 10) on the one <audio> element: controls for the
 * screens and handlers for the element's events. Shuffle keeps the queue's own order aside
 * (`queueOrder`) so turning it off returns to it.
 */
export function createPlayerEngine({ getState, update, getAudio, notify, beforePlay, random }: EngineDeps) {
  let queueOrder: PlayerTrack[] | null = null;
  let advanceTimer: ReturnType<typeof setTimeout> | undefined;
  // A stream that played and then failed (a link that expired during a long pause with
  // S3_STREAM=redirect, a dropped connection) is asked for again once, where it was (decision 0115).
  let playedThisLoad = false;
  let reloadedThisLoad = false;

  const wraps = () => getState().repeat !== 'off';

  /** Sets the queue: `order` as given, or shuffled with `lead` first when shuffle is on. */
  const setQueue = (order: PlayerTrack[], lead: PlayerTrack | null) => {
    if (!getState().shuffle) {
      queueOrder = null;
      update({ playlist: order });
      return;
    }
    queueOrder = order;
    update({ playlist: shuffled(order, random, lead) });
  };

  /** Applies the same edit to the playing order and, while shuffled, to the queue's own order. */
  const editQueue = (edit: (tracks: PlayerTrack[]) => PlayerTrack[]) => {
    if (queueOrder) queueOrder = edit(queueOrder);
    update({ playlist: edit(getState().playlist) });
  };

  const playAudio = (audio: HTMLAudioElement) => {
    beforePlay();
    Promise.resolve()
      .then(() => audio.play())
      .catch((err: unknown) => {
        // A newer load interrupting this one is not a failure.
        if (err instanceof DOMException && err.name === 'AbortError') return;
        // Spec section 8: an auto-play failure is only logged and playback is marked stopped.
        console.error('Auto-play failed', err);
        update({ isPlaying: false });
      });
  };

  /** Loads and plays a track the queue chose (callers pass only playable ones). */
  const load = (track: PlayerTrack) => {
    clearTimeout(advanceTimer);
    const audio = getAudio();
    if (!audio) return;
    audio.src = streamUrl(track);
    playedThisLoad = false;
    reloadedThisLoad = false;
    update({ currentTrack: track, isPlaying: true, currentTime: 0, duration: track.duration ?? 0 });
    playAudio(audio);
  };

  /** A track chosen on purpose: plays if it can, else says why and leaves playback as it was. */
  const choose = (track: PlayerTrack): boolean => {
    if (canPlay(track)) return true;
    notify(unplayableNotice(track));
    return false;
  };

  const resume = () => {
    const audio = getAudio();
    if (!audio || !getState().currentTrack) return;
    update({ isPlaying: true });
    playAudio(audio);
  };

  const pause = () => {
    getAudio()?.pause();
    update({ isPlaying: false });
  };

  const stop = () => {
    clearTimeout(advanceTimer);
    const audio = getAudio();
    audio?.pause();
    if (audio) audio.currentTime = 0;
    update({ isPlaying: false, currentTime: 0 });
  };

  const seek = (seconds: number) => {
    const audio = getAudio();
    const { duration } = getState();
    const max = duration > 0 ? duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), max);
    if (audio) audio.currentTime = target;
    update({ currentTime: target });
  };

  /** Nothing in the queue can play: stop, and say so once. */
  const deadEnd = () => {
    if (getState().isPlaying) pause();
    notify(NOTHING_TO_PLAY);
  };

  const next = () => {
    const { playlist, currentTrack, shuffle } = getState();
    if (playlist.length === 0) return;
    const target = stepPlayable(playlist, currentTrack, 1, false);
    if (target) return load(target);
    if (!wraps()) {
      // The end of the queue with repeat off: stop where a new press of Play starts it again.
      if (stepPlayable(playlist, currentTrack, 1, true)) stop();
      else deadEnd();
      return;
    }
    // Wrapping: a shuffled queue gets a new round, in a new order, without an immediate repeat.
    if (shuffle) update({ playlist: reshuffled(playlist, currentTrack, random) });
    const wrapped = stepPlayable(getState().playlist, shuffle ? null : currentTrack, 1, true);
    if (wrapped) load(wrapped);
    else deadEnd();
  };

  const previous = () => {
    const { playlist, currentTrack } = getState();
    if (playlist.length === 0) return;
    const target = stepPlayable(playlist, currentTrack, -1, wraps());
    if (target) load(target);
    else if (!wraps() && currentTrack && canPlay(currentTrack)) seek(0);
    else deadEnd();
  };

  const controls: PlayerControls = {
    playTrack: (track, queue) => {
      if (getState().currentTrack?.id === track.id) return resume();
      if (!choose(track)) return;
      if (queue) setQueue(queue, track);
      load(track);
    },
    playAll: (tracks) => {
      const shuffle = getState().shuffle;
      const order = shuffle ? shuffled(tracks, random) : tracks;
      const first = stepPlayable(order, null, 1, false);
      if (!first) return notify(NOTHING_TO_PLAY);
      queueOrder = shuffle ? tracks : null;
      update({ playlist: shuffle ? withMoved(order, first.id, 0) : tracks });
      load(first);
    },
    togglePlay: () => (getState().isPlaying ? pause() : resume()),
    pause,
    stop,
    next,
    previous,
    seek,
    setVolume: (volume) => {
      const clamped = Math.min(1, Math.max(0, volume));
      // Raising the volume of a muted player is a wish to hear it.
      update(clamped > 0 ? { volume: clamped, muted: false } : { volume: clamped });
    },
    setMuted: (muted) => update({ muted }),
    setPlaylist: (tracks) => setQueue(tracks, getState().currentTrack),
    refreshTrack: (track) => {
      // Every field the caller knows: a name edit, or processing that finished (playable now).
      const known = Object.fromEntries(Object.entries(track).filter(([, v]) => v !== undefined));
      const merge = (t: PlayerTrack) => (t.id === track.id ? { ...t, ...known } : t);
      const { currentTrack, playlist } = getState();
      queueOrder = mapTracks(queueOrder, merge);
      update({ currentTrack: currentTrack ? merge(currentTrack) : null, playlist: playlist.map(merge) });
    },
    forgetTrack: (id) => {
      editQueue((tracks) => tracks.filter((t) => t.id !== id));
      if (getState().currentTrack?.id !== id) return;
      clearTimeout(advanceTimer);
      const audio = getAudio();
      if (audio) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
      update({ currentTrack: null, isPlaying: false, currentTime: 0, duration: 0 });
    },
    playNext: (track) => {
      const { currentTrack } = getState();
      editQueue((tracks) => withNext(tracks, currentTrack, track));
      if (!currentTrack && choose(track)) load(track);
    },
    addToQueue: (track) => editQueue((tracks) => withAppended(tracks, track)),
    removeFromQueue: (id) => editQueue((tracks) => tracks.filter((t) => t.id !== id)),
    moveInQueue: (id, toIndex) => update({ playlist: withMoved(getState().playlist, id, toIndex) }),
    setUpcoming: (ids) => {
      const { playlist, currentTrack } = getState();
      const byId = new Map(playlist.map((t) => [t.id, t]));
      const next = ids.flatMap((id) => byId.get(id) ?? []);
      update({ playlist: withUpcoming(playlist, currentTrack, wraps(), next) });
    },
    clearUpcoming: () => {
      const { playlist, currentTrack } = getState();
      const gone = new Set(upcoming(playlist, currentTrack, wraps()).map((t) => t.id));
      editQueue((tracks) => tracks.filter((t) => !gone.has(t.id)));
    },
    setShuffle: (on) => {
      const { shuffle, playlist, currentTrack } = getState();
      if (on === shuffle) return;
      if (on) {
        queueOrder = playlist;
        update({ shuffle: true, playlist: shuffled(playlist, random, currentTrack) });
      } else {
        update({ shuffle: false, playlist: queueOrder ?? playlist });
        queueOrder = null;
      }
    },
    setRepeat: (repeat) => update({ repeat }),
    setLevelling: (levelling) => update({ levelling }),
  };

  /** Handlers for the <audio> element's events. */
  const events = {
    onEnded: () => {
      // Spec section 4: stop, reset the position, then after 100 ms the next track.
      const audio = getAudio();
      if (audio) audio.currentTime = 0;
      update({ isPlaying: false, currentTime: 0 });
      clearTimeout(advanceTimer);
      advanceTimer = setTimeout(() => {
        const { repeat, currentTrack } = getState();
        if (repeat === 'one' && currentTrack) load(currentTrack);
        else next();
      }, TIMINGS.autoAdvanceMs);
    },
    onError: () => {
      const track = getState().currentTrack;
      if (!track) return;
      const audio = getAudio();
      if (audio && playedThisLoad && !reloadedThisLoad) {
        reloadedThisLoad = true;
        const position = audio.currentTime;
        console.warn(`The stream of ${track.name} was interrupted; asking for it again`);
        audio.src = streamUrl(track);
        // Before its metadata arrives this sets where the new load starts.
        audio.currentTime = position;
        if (getState().isPlaying) playAudio(audio);
        return;
      }
      console.error(`Failed to load track: ${track.name}. The audio file may be missing or corrupted.`);
      getAudio()?.pause();
      update({ currentTrack: null, isPlaying: false, currentTime: 0, duration: 0 });
    },
    onTime: () => {
      const audio = getAudio();
      if (!audio) return;
      if (audio.currentTime > 0) playedThisLoad = true;
      update({ currentTime: audio.currentTime });
    },
    onDuration: () => {
      const audio = getAudio();
      if (audio && Number.isFinite(audio.duration) && audio.duration > 0)
        update({ duration: audio.duration });
    },
    // Pauses and plays the app did not ask for (a headset unplugged, the system taking the audio
    // focus) keep the state, and so the Media Session, in step with the element.
    onPause: () => {
      const audio = getAudio();
      if (audio && !audio.ended && getState().isPlaying) update({ isPlaying: false });
    },
    onPlay: () => {
      if (getState().currentTrack && !getState().isPlaying) update({ isPlaying: true });
    },
  };

  return { controls, events, resume, dispose: () => clearTimeout(advanceTimer) };
}

import { driftFix } from './compare-align';
import { type CompareSnapshot, pressOnAudioClock, type SwitchTiming } from './compare-clock';
import { COMPARE, otherSlot, SLOTS, type SlotId } from './compare-constants';
import { dbToLinear, linearToDb } from './compare-gains';

interface Slot {
  element: HTMLAudioElement;
  offset: number;
  levelDb: number;
  level?: GainNode;
  fade?: GainNode;
  /** Waiting at 0 for the timeline to reach this file's start. */
  held: boolean;
  /** How far behind a re-seek lands on this element (measured, then led by). */
  seekLag: number;
  seeked: boolean;
}

type AudioContextClass = typeof AudioContext;
const contextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

export interface EngineEvents {
  /** The heard slot changed, play/pause changed or the position jumped. */
  onChange?: () => void;
}

/**
 * Two takes playing at once, in step, with one heard (issue 43, decision 0638). Each slot is an
 * <audio> element (streams with Range: an hour-long take is never decoded whole) through a
 * MediaElementAudioSourceNode, its level GainNode and its crossfade GainNode into one master.
 * The heard slot leads; the muted one follows it on the aligned timeline, nudged by its playback
 * rate (silent, so pitch does not matter) or re-seeked when far off. A switch is a crossfade of
 * `COMPARE.crossfadeMs` scheduled on the audio clock at the moment of the press.
 */
export function createCompareEngine(events: EngineEvents = {}) {
  const makeElement = () => {
    const element = document.createElement('audio');
    element.preload = 'auto';
    element.preservesPitch = false;
    return element;
  };
  const slots: Record<SlotId, Slot> = {
    A: { element: makeElement(), offset: 0, levelDb: 0, held: false, seekLag: 0, seeked: false },
    B: { element: makeElement(), offset: 0, levelDb: 0, held: false, seekLag: 0, seeked: false },
  };
  let context: AudioContext | null = null;
  let master: GainNode | null = null;
  let heard: SlotId = 'A';
  let playing = false;
  let lastSwitch: SwitchTiming | null = null;
  let switches = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let volume = 1;

  /** Made on the first play, inside the gesture (browsers start an AudioContext only after one). */
  const ensureGraph = () => {
    if (context) return;
    const Context = contextClass();
    if (!Context) return;
    try {
      context = new Context({ latencyHint: 'interactive' });
      master = context.createGain();
      master.gain.value = volume;
      master.connect(context.destination);
      for (const id of SLOTS) {
        const slot = slots[id];
        slot.level = context.createGain();
        slot.fade = context.createGain();
        slot.level.gain.value = dbToLinear(slot.levelDb);
        slot.fade.gain.value = id === heard ? 1 : 0;
        context.createMediaElementSource(slot.element).connect(slot.level).connect(slot.fade).connect(master);
      }
    } catch {
      context = null;
    }
    applyFallbackVolumes();
  };

  /** Without Web Audio: the element's volume carries level and fade (turn-down only). */
  const applyFallbackVolumes = () => {
    if (context) return;
    for (const id of SLOTS) {
      const slot = slots[id];
      slot.element.volume = id === heard ? Math.min(1, dbToLinear(slot.levelDb)) * volume : 0;
    }
  };

  const leader = (): SlotId => (slots[heard].held ? otherSlot(heard) : heard);
  const position = () => {
    const lead = slots[leader()];
    return lead.element.currentTime - lead.offset;
  };

  const place = (slot: Slot, target: number) => {
    if (target < 0) {
      slot.held = true;
      slot.element.pause();
      if (slot.element.currentTime !== 0) slot.element.currentTime = 0;
      return;
    }
    const wasHeld = slot.held;
    slot.held = false;
    slot.element.currentTime = target;
    if (playing && (wasHeld || slot.element.paused)) void slot.element.play().catch(() => {});
  };

  /** Keeps the follower on the leader's timeline (the heard slot keeps rate 1: it is what is heard). */
  const sync = () => {
    const lead = leader();
    const follow = otherSlot(lead);
    const follower = slots[follow];
    slots[lead].element.playbackRate = 1;
    const target = position() + follower.offset;
    if (target < 0 || follower.held) {
      if (target < 0) place(follower, target);
      else place(follower, target + follower.seekLag);
      return;
    }
    if (follow === heard) {
      // The heard slot is never nudged; a held heard slot was placed above.
      follower.element.playbackRate = 1;
      return;
    }
    const actual = follower.element.currentTime;
    if (follower.seeked) {
      // The last re-seek landed this far behind: lead the next one by it.
      follower.seeked = false;
      const lag = target - actual;
      if (Math.abs(lag) < COMPARE.driftSeekSeconds)
        follower.seekLag = Math.min(0.3, Math.max(0, follower.seekLag + lag));
    }
    const fix = driftFix(target, actual);
    if (fix.kind === 'seek') {
      follower.element.playbackRate = 1;
      follower.element.currentTime = fix.to + follower.seekLag;
      follower.seeked = true;
    } else follower.element.playbackRate = fix.rate;
  };

  const startTimer = () => {
    clearInterval(timer);
    timer = setInterval(() => playing && sync(), COMPARE.syncIntervalMs);
  };

  const onEnded = (id: SlotId) => () => {
    if (id === leader() && playing) api.pause();
  };
  for (const id of SLOTS) slots[id].element.addEventListener('ended', onEnded(id));

  const rampTo = (param: AudioParam, value: number, at: number, end: number) => {
    param.cancelScheduledValues(at);
    param.setValueAtTime(param.value, at);
    param.linearRampToValueAtTime(value, end);
  };

  const api = {
    elements: { A: slots.A.element, B: slots.B.element } as Record<SlotId, HTMLAudioElement>,
    /** Gives a slot its stream (kept if unchanged) and its offset on the timeline, keeping the position. */
    load(id: SlotId, url: string | null, offset: number) {
      const at = position();
      const slot = slots[id];
      slot.offset = offset;
      const full = url ? new URL(url, window.location.href).href : '';
      if (slot.element.src !== full) {
        if (url) slot.element.src = url;
        else slot.element.removeAttribute('src');
        slot.seekLag = 0;
      }
      if (url) place(slot, Math.max(0, at) + offset);
      events.onChange?.();
    },
    setLevels(levels: Record<SlotId, number>) {
      for (const id of SLOTS) {
        const slot = slots[id];
        slot.levelDb = levels[id];
        if (context && slot.level) {
          const now = context.currentTime;
          rampTo(slot.level.gain, dbToLinear(levels[id]), now, now + COMPARE.crossfadeMs / 1000);
        }
      }
      applyFallbackVolumes();
    },
    setVolume(value: number) {
      volume = value;
      if (master) master.gain.value = value;
      applyFallbackVolumes();
    },
    async play() {
      ensureGraph();
      playing = true;
      if (context?.state === 'suspended') await context.resume().catch(() => {});
      const at = Math.max(0, position());
      for (const id of SLOTS) {
        const slot = slots[id];
        if (!slot.element.src) continue;
        place(slot, at + slot.offset);
        if (!slot.held) await slot.element.play().catch(() => {});
      }
      startTimer();
      events.onChange?.();
    },
    pause() {
      playing = false;
      clearInterval(timer);
      for (const id of SLOTS) slots[id].element.pause();
      events.onChange?.();
    },
    toggle() {
      if (playing) api.pause();
      else void api.play();
    },
    seek(to: number) {
      for (const id of SLOTS) {
        const slot = slots[id];
        if (slot.element.src) place(slot, Math.max(0, to) + slot.offset);
      }
      events.onChange?.();
    },
    /**
     * Switches what is heard (to `to`, or the other one). `pressedAtMs`: the press on the
     * performance clock (an event's timeStamp); the crossfade starts now, on the audio clock.
     */
    switchTo(to: SlotId = otherSlot(heard), pressedAtMs: number = performance.now()) {
      if (to === heard) return;
      const from = heard;
      heard = to;
      switches += 1;
      slots[to].element.playbackRate = 1;
      if (context && slots[to].fade && slots[from].fade) {
        const now = context.currentTime;
        const end = now + COMPARE.crossfadeMs / 1000;
        rampTo(slots[from].fade.gain, 0, now, end);
        rampTo(slots[to].fade.gain, 1, now, end);
        lastSwitch = {
          to,
          pressedAt: pressOnAudioClock(context, pressedAtMs),
          rampStartAt: now,
          rampEndAt: end,
        };
      }
      applyFallbackVolumes();
      events.onChange?.();
    },
    get heard() {
      return heard;
    },
    get playing() {
      return playing;
    },
    position,
    snapshot(): CompareSnapshot {
      const slotState = (id: SlotId) => {
        const s = slots[id];
        return {
          time: s.element.currentTime,
          offset: s.offset,
          position: s.element.currentTime - s.offset,
          levelDb: s.levelDb,
          levelNodeDb: s.level ? linearToDb(s.level.gain.value) : null,
          fade: s.fade ? s.fade.gain.value : null,
          playbackRate: s.element.playbackRate,
        };
      };
      return {
        heard,
        playing,
        contextTime: context?.currentTime ?? null,
        slots: { A: slotState('A'), B: slotState('B') },
        lastSwitch,
        switches,
      };
    },
    dispose() {
      api.pause();
      for (const id of SLOTS) {
        slots[id].element.removeAttribute('src');
        slots[id].element.load();
      }
      void context?.close().catch(() => {});
      context = null;
    },
  };
  return api;
}

export type CompareEngine = ReturnType<typeof createCompareEngine>;

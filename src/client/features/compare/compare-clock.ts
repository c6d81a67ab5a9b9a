import type { SlotId } from './compare-constants';

// What the browser story and the bench read of an open comparison (decision 0638).

/** The last switch on the audio clock (seconds of AudioContext.currentTime). */
export interface SwitchTiming {
  to: SlotId;
  /** The press (key, click, media key), carried over from the event's time to the audio clock. */
  pressedAt: number;
  /** Where the crossfade starts and ends. */
  rampStartAt: number;
  rampEndAt: number;
}

/**
 * What `window.__journalCompare.snapshot()` reads (decision 0638): enough for the browser story and
 * the bench to check a switch from outside, nothing else. Times in seconds, gains in dB.
 */
export interface CompareSnapshot {
  heard: SlotId;
  playing: boolean;
  /** AudioContext.currentTime; null without Web Audio. */
  contextTime: number | null;
  slots: Record<
    SlotId,
    {
      /** The element's own currentTime. */
      time: number;
      /** Where this slot's file is ahead of the reference timeline (slot A's time). */
      offset: number;
      /** time − offset: the musical position on the reference timeline. */
      position: number;
      /** The level this slot is set to (loudness matching or a platform), and its GainNode's value now. */
      levelDb: number;
      levelNodeDb: number | null;
      /** The crossfade gain now: 1 heard, 0 muted. */
      fade: number | null;
      playbackRate: number;
    }
  >;
  lastSwitch: SwitchTiming | null;
  switches: number;
}

/**
 * The press on the audio clock (decision 0640): through the output timestamp where the browser has
 * one (so a ramp scheduled at currentTime counts the output's buffering too: press → heard), else
 * the time since the event, back from currentTime.
 */
export function pressOnAudioClock(context: BaseAudioContext, pressedAtMs: number): number {
  const stamp = (context as AudioContext).getOutputTimestamp?.();
  if (stamp?.contextTime && stamp.performanceTime)
    return stamp.contextTime + (pressedAtMs - stamp.performanceTime) / 1000;
  return context.currentTime - Math.max(0, performance.now() - pressedAtMs) / 1000;
}

/** The comparison's timings and wording (issue 43), in one place. */
export const COMPARE = {
  /** The switch's crossfade: short enough to land at once, long enough not to click (issue: ≤ 20 ms). */
  crossfadeMs: 15,
  /** How often the muted slot is checked against the heard one. */
  syncIntervalMs: 100,
  /** Below this the muted slot is left alone (seconds). */
  driftToleranceSeconds: 0.012,
  /** Beyond this the muted slot is re-seeked; between, it is nudged by its playback rate. */
  driftSeekSeconds: 0.25,
  /** The largest playback-rate nudge of the muted slot (it is silent: pitch does not matter). */
  maxRateNudge: 0.25,
  /** Matching holds both slots within this of each other (the engineers' tolerance). */
  matchToleranceLu: 0.5,
  /** How often a list with versions still processing is asked again. */
  pollMs: 3000,
} as const;

export type SlotId = 'A' | 'B';
export const SLOTS: readonly SlotId[] = ['A', 'B'];
export const otherSlot = (slot: SlotId): SlotId => (slot === 'A' ? 'B' : 'A');

/** Texts shown and announced. */
export const COMPARE_TEXT = {
  nowHearing: (slot: SlotId) => `Now hearing ${slot}`,
  unmeasured: 'Not measured yet: plays as it is (0 dB).',
  noVersions: 'Nothing to compare yet: this track needs a second version that can be played.',
  loadFailed: 'Could not load the versions to compare.',
  /** Why a selection bar's Compare waits (playlists, issue 43). */
  pickTwo: 'Tick two takes to compare',
} as const;

import { DEFAULT_VOLUME, PLAYER, REPEAT_MODES, type RepeatMode } from '../../shared/constants';

/** What the player remembers across reloads (issue 10): volume, mute, shuffle, repeat, levelling. */
export interface PlayerSettings {
  volume: number;
  muted: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  levelling: boolean;
}

/** Repeat all by default: spec section 4's wrap-around is what people get unless they choose. */
export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = {
  volume: DEFAULT_VOLUME,
  muted: false,
  shuffle: false,
  repeat: 'all',
  levelling: true,
};

// Each field is checked on its own, so one bad value (an old version, a hand edit) costs only itself.
// Checked by hand rather than with zod: this runs on every first page, and zod would more than
// double the JS that page downloads (decision 0057).
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isVolume = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 1;
const isRepeat = (v: unknown): v is RepeatMode => (REPEAT_MODES as readonly unknown[]).includes(v);

function readStored(value: unknown): PlayerSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_PLAYER_SETTINGS;
  const v = value as Record<string, unknown>;
  const d = DEFAULT_PLAYER_SETTINGS;
  return {
    volume: isVolume(v.volume) ? v.volume : d.volume,
    muted: isBoolean(v.muted) ? v.muted : d.muted,
    shuffle: isBoolean(v.shuffle) ? v.shuffle : d.shuffle,
    repeat: isRepeat(v.repeat) ? v.repeat : d.repeat,
    levelling: isBoolean(v.levelling) ? v.levelling : d.levelling,
  };
}

export function loadPlayerSettings(): PlayerSettings {
  try {
    const raw = localStorage.getItem(PLAYER.settingsStorageKey);
    if (raw === null) return DEFAULT_PLAYER_SETTINGS;
    return readStored(JSON.parse(raw));
  } catch {
    // Storage blocked (private mode, policy) or not JSON: play with the defaults.
    return DEFAULT_PLAYER_SETTINGS;
  }
}

export function savePlayerSettings(settings: PlayerSettings): void {
  try {
    localStorage.setItem(PLAYER.settingsStorageKey, JSON.stringify(settings));
  } catch {
    // Quota or blocked storage: the choice holds for this visit only.
  }
}

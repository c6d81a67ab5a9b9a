import { z } from 'zod';
import { DEFAULT_VOLUME, PLAYER, REPEAT_MODES, type RepeatMode } from '../../../shared/constants';

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
const stored = z.object({
  volume: z.number().min(0).max(1).catch(DEFAULT_PLAYER_SETTINGS.volume),
  muted: z.boolean().catch(DEFAULT_PLAYER_SETTINGS.muted),
  shuffle: z.boolean().catch(DEFAULT_PLAYER_SETTINGS.shuffle),
  repeat: z.enum(REPEAT_MODES).catch(DEFAULT_PLAYER_SETTINGS.repeat),
  levelling: z.boolean().catch(DEFAULT_PLAYER_SETTINGS.levelling),
});

export function loadPlayerSettings(): PlayerSettings {
  try {
    const raw = localStorage.getItem(PLAYER.settingsStorageKey);
    if (raw === null) return DEFAULT_PLAYER_SETTINGS;
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_PLAYER_SETTINGS;
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

import { beforeEach, describe, expect, it } from 'vitest';
import { PLAYER } from '../../shared/constants';
import { DEFAULT_PLAYER_SETTINGS, loadPlayerSettings, savePlayerSettings } from './player-settings';

const store = (value: string) => localStorage.setItem(PLAYER.settingsStorageKey, value);

beforeEach(() => localStorage.clear());

describe('remembered player settings', () => {
  it('come back as they were saved', () => {
    const saved = { volume: 0.25, muted: true, shuffle: true, repeat: 'one' as const, levelling: false };
    savePlayerSettings(saved);
    expect(loadPlayerSettings()).toEqual(saved);
  });

  it('nothing saved, or not JSON, or not an object: the defaults', () => {
    expect(loadPlayerSettings()).toEqual(DEFAULT_PLAYER_SETTINGS);
    for (const raw of ['{oops', 'null', '[1,2]', '"loud"', '3']) {
      store(raw);
      expect(loadPlayerSettings(), raw).toEqual(DEFAULT_PLAYER_SETTINGS);
    }
  });

  it('one bad value costs only itself', () => {
    store(JSON.stringify({ volume: 7, muted: 'yes', shuffle: true, repeat: 'sometimes', levelling: false }));
    expect(loadPlayerSettings()).toEqual({
      ...DEFAULT_PLAYER_SETTINGS,
      shuffle: true,
      levelling: false,
    });
    store(JSON.stringify({ volume: 0, repeat: 'off' }));
    expect(loadPlayerSettings()).toEqual({ ...DEFAULT_PLAYER_SETTINGS, volume: 0, repeat: 'off' });
  });
});

import { describe, expect, it } from 'vitest';
import { looksLikeUserId, profilePath, USER_ID_PATTERN } from './profile-path';
import { checkProfile, USERNAME_LOOKS_LIKE_ID_MESSAGE } from './schemas/users';

// Decision 0203: public profile addresses use the username when there is one, else the id.

describe('profilePath', () => {
  it('uses the username when there is one, else the id', () => {
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: 'ada' })).toBe('/profile/ada');
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: null })).toBe('/profile/u_abcdefghijklmnop');
    expect(profilePath({ id: 'u_abcdefghijklmnop' })).toBe('/profile/u_abcdefghijklmnop');
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: '  ' })).toBe('/profile/u_abcdefghijklmnop');
  });

  it('keeps a username of letters beyond ASCII as one encoded segment', () => {
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: 'Zoë.K' })).toBe('/profile/Zo%C3%AB.K');
  });

  it("uses the id for '.' and '..', which browsers would resolve away", () => {
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: '.' })).toBe('/profile/u_abcdefghijklmnop');
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: '..' })).toBe('/profile/u_abcdefghijklmnop');
    expect(profilePath({ id: 'u_abcdefghijklmnop', username: '...' })).toBe('/profile/...');
  });
});

describe('usernames shaped like ids', () => {
  it('recognises the id shape in any case, and nothing else', () => {
    expect(USER_ID_PATTERN.test('u_abcdefghijklmn23')).toBe(true);
    expect(looksLikeUserId('U_ABCDEFGHIJKLMN23')).toBe(true);
    expect(looksLikeUserId('u_abcdefghijklmn2')).toBe(false);
    expect(looksLikeUserId('u_abcdefghijklmn18')).toBe(false);
    expect(looksLikeUserId('ada')).toBe(false);
  });

  it('refuses them as usernames, with a message saying why', () => {
    // Each field is checked on its own since issue 42 (decision 0575).
    const refused = checkProfile({ username: 'U_abcdefghijklmnop' });
    expect(refused.fieldErrors).toEqual({ username: USERNAME_LOOKS_LIKE_ID_MESSAGE });
    expect(refused.changes).toEqual({});
    expect(checkProfile({ username: 'u_ada' })).toEqual({ changes: { username: 'u_ada' }, fieldErrors: {} });
  });
});

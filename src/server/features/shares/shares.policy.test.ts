import { describe, expect, it } from 'vitest';
import { canShareItem, isShareExpired, shareGrantsTrack, shareOpensVersions } from './shares.policy';

describe('share link rules', () => {
  it('only the owner shares an item', () => {
    expect(canShareItem('u_a', 'u_a')).toBe(true);
    expect(canShareItem('u_b', 'u_a')).toBe(false);
  });

  it('a link expires at its moment; one without an expiry never does', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isShareExpired(null, now)).toBe(false);
    expect(isShareExpired(new Date(now + 1), now)).toBe(false);
    expect(isShareExpired(new Date(now), now)).toBe(true);
    expect(isShareExpired(new Date(now - 1), now)).toBe(true);
  });

  it("a track link opens its track only; a playlist link the owner's tracks in it", () => {
    const trackLink = { userId: 'u_a', trackId: 1, playlistId: null };
    const listLink = { userId: 'u_a', trackId: null, playlistId: 7 };
    const own = (id: number) => ({ id, userId: 'u_a' });
    expect(shareGrantsTrack({ link: trackLink, track: own(1), inPlaylist: false })).toBe(true);
    expect(shareGrantsTrack({ link: trackLink, track: own(2), inPlaylist: true })).toBe(false);
    expect(shareGrantsTrack({ link: trackLink, track: null, inPlaylist: false })).toBe(false);
    expect(shareGrantsTrack({ link: listLink, track: own(2), inPlaylist: true })).toBe(true);
    expect(shareGrantsTrack({ link: listLink, track: own(2), inPlaylist: false })).toBe(false);
    expect(shareGrantsTrack({ link: listLink, track: { id: 3, userId: 'u_b' }, inPlaylist: true })).toBe(
      false,
    );
  });

  it("a link opens versions only of its own track, when it allows them; a playlist's link never", () => {
    expect(shareOpensVersions({ trackId: 1, allowVersions: true }, 1)).toBe(true);
    expect(shareOpensVersions({ trackId: 1, allowVersions: false }, 1)).toBe(false);
    expect(shareOpensVersions({ trackId: 1, allowVersions: true }, 2)).toBe(false);
    expect(shareOpensVersions({ trackId: null, allowVersions: true }, 1)).toBe(false);
  });
});

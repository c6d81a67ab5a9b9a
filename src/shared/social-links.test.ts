import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOCIAL_LINK_TYPES } from './constants';
import { normaliseSocialLink, SOCIAL_SERVICES } from './social-links';

const url = (type: Parameters<typeof normaliseSocialLink>[0], value: string) => {
  const result = normaliseSocialLink(type, value);
  return result.ok ? result.url : `refused: ${result.message}`;
};

describe('normaliseSocialLink (issue 42, decision 0575)', () => {
  it("turns a handle, a bare name or an address into the network's profile URL", () => {
    const cases: [Parameters<typeof url>[0], string, string][] = [
      ['instagram', '@plumtabla', 'https://www.instagram.com/plumtabla'],
      ['instagram', 'PlumTabla', 'https://www.instagram.com/plumtabla'],
      ['instagram', 'https://@plumtabla', 'https://www.instagram.com/plumtabla'],
      ['instagram', 'instagram.com/plumtabla/', 'https://www.instagram.com/plumtabla'],
      ['instagram', 'http://www.instagram.com/plumtabla?hl=en', 'https://www.instagram.com/plumtabla'],
      ['youtube', '@plumtabla', 'https://www.youtube.com/@plumtabla'],
      ['youtube', 'youtube.com/@plumtabla', 'https://www.youtube.com/@plumtabla'],
      ['soundcloud', '@plumtabla', 'https://soundcloud.com/plumtabla'],
      ['soundcloud', 'm.soundcloud.com/PlumTabla', 'https://soundcloud.com/plumtabla'],
      ['bandcamp', 'plumtabla', 'https://plumtabla.bandcamp.com'],
      ['bandcamp', 'https://plumtabla.bandcamp.com/', 'https://plumtabla.bandcamp.com'],
      ['bluesky', '@plum.bsky.social', 'https://bsky.app/profile/plum.bsky.social'],
      ['bluesky', 'plum', 'https://bsky.app/profile/plum.bsky.social'],
      ['bluesky', 'plum.example.org', 'https://bsky.app/profile/plum.example.org'],
    ];
    for (const [type, typed, saved] of cases) expect(url(type, typed), `${type} ${typed}`).toBe(saved);
  });

  it('keeps other pages of the service as typed, in https', () => {
    expect(url('youtube', 'youtu.be/x')).toBe('https://youtu.be/x');
    expect(url('instagram', 'https://instagram.com/p/abc')).toBe('https://instagram.com/p/abc');
    expect(url('spotify', 'open.spotify.com/artist/1')).toBe('https://open.spotify.com/artist/1');
    expect(url('bandcamp', 'plum.bandcamp.com/album/x')).toBe('https://plum.bandcamp.com/album/x');
    expect(url('bluesky', 'https://bsky.app/profile/erin')).toBe('https://bsky.app/profile/erin');
  });

  it('refuses other hosts, other schemes, credentials, ports and handles a service does not have', () => {
    for (const [type, typed] of [
      ['instagram', 'evil.example.com/ada'],
      ['instagram', 'https://instagram.com.evil.example/ada'],
      ['instagram', 'javascript:alert(1)'],
      ['instagram', 'ftp://instagram.com/ada'],
      ['instagram', 'https://user:pw@instagram.com/ada'],
      ['instagram', 'https://instagram.com:8443/ada'],
      ['instagram', '@plum tabla'],
      ['spotify', 'plumtabla'],
      ['youtube', '@x'],
      // Instagram names neither start nor end with a dot nor hold two in a row; "." would be the root.
      ['instagram', '.'],
      ['instagram', '..'],
      ['instagram', '.plum'],
      ['instagram', 'plum.'],
      ['instagram', 'plum..tabla'],
    ] as const) {
      expect(url(type, typed), `${type} ${typed}`).toMatch(
        /^refused: .* link must be an? .* address like https:/,
      );
    }
  });

  it('only ever gives an https URL on the service’s own hosts, whatever is typed', () => {
    const typed = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.tuple(fc.constantFrom('', '@', 'http://', 'https://', 'www.'), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(fc.constantFrom(...SOCIAL_LINK_TYPES), typed, (type, value) => {
        const result = normaliseSocialLink(type, value);
        if (!result.ok) return;
        const saved = new URL(result.url);
        expect(saved.protocol).toBe('https:');
        expect(saved.hostname).toMatch(SOCIAL_SERVICES[type].hosts);
        expect(saved.username + saved.password + saved.port).toBe('');
        // Normalising again changes nothing.
        expect(normaliseSocialLink(type, result.url)).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });
});

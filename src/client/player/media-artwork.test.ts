import { describe, expect, it } from 'vitest';
import { trackOwner, withPlaylistCover } from '../entities/track/player-track';
import { imageVariant } from '../lib/utils';
import { chooseArtwork, imageArtwork } from './media-artwork';

const generated: MediaImage[] = [
  { src: 'blob:x/1', sizes: '512x512', type: 'image/png' },
  { src: 'blob:x/2', sizes: '256x256', type: 'image/png' },
  { src: 'blob:x/3', sizes: '96x96', type: 'image/png' },
];
const avatar = '/api/images/avatars/11111111-1111-1111-1111-111111111111';
const cover = '/api/images/playlists/22222222-2222-2222-2222-222222222222';

// Issue 25 (decision 0365): artwork in every size there is, chosen cover → avatar → generated.
describe('Media Session artwork', () => {
  it('offers an uploaded image in both of its sizes, with their type and version stamp', () => {
    const url = imageVariant(avatar, 256, '2024-05-01T00:00:00.000Z') as string;
    expect(imageArtwork(url)).toEqual([
      { src: `${avatar}-128.webp?v=1714521600000`, sizes: '128x128', type: 'image/webp' },
      { src: `${avatar}-256.webp?v=1714521600000`, sizes: '256x256', type: 'image/webp' },
    ]);
    expect(imageArtwork(`${cover}-128.webp`).map((i) => i.src)).toEqual([
      `${cover}-128.webp`,
      `${cover}-256.webp`,
    ]);
  });

  it('offers any other address as it is', () => {
    expect(imageArtwork('/img/a.png')).toEqual([{ src: '/img/a.png' }]);
  });

  it("prefers the playlist's cover, then the owner's avatar, then the generated cover", () => {
    const owner = trackOwner({ username: 'ada', avatarUrl: avatar });
    const fromPlaylist = withPlaylistCover(owner, { imageUrl: cover });
    expect(chooseArtwork(fromPlaylist.artworkUrl, generated)[1]?.src).toBe(`${cover}-256.webp`);
    // A playlist without a cover: the avatar.
    const bare = withPlaylistCover(owner, { imageUrl: null });
    expect(chooseArtwork(bare.artworkUrl, generated)[1]?.src).toBe(`${avatar}-256.webp`);
    // Neither: the cover drawn from the waveform, largest first.
    const nobody = trackOwner({ username: 'ada' });
    expect(chooseArtwork(nobody.artworkUrl, generated)).toEqual(generated);
    expect(chooseArtwork(nobody.artworkUrl, null)).toEqual([]);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_NOT_FOUND } from '../../../shared/schemas/users';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';

let t: TestApp;
let ada: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  ada = await t.signedInClient({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  bob = await t.signedInClient();
});
afterAll(async () => t.close());

const me = async (client: TestClient) => (await client.get('/api/auth/user')).json();

describe('PATCH /api/user/profile', () => {
  it('saves trimmed username, about and links; empty values are left out', async () => {
    const res = await ada.patch('/api/user/profile', {
      username: '  ada_l  ',
      bio: '  Analytical engines and modular synths  ',
      socialLinks: {
        bandcamp: ' https://ada.bandcamp.com ',
        youtube: '',
        instagram: 'https://www.instagram.com/ada',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'ada_l',
      bio: 'Analytical engines and modular synths',
      socialLinks: { bandcamp: 'https://ada.bandcamp.com', instagram: 'https://www.instagram.com/ada' },
    });
    expect(res.json().socialLinks).not.toHaveProperty('youtube');
    const emptied = await ada.patch('/api/user/profile', { username: '', bio: '' });
    expect(emptied.json()).toMatchObject({ username: 'ada_l', bio: 'Analytical engines and modular synths' });
  });

  it('clears About when it is sent as null; an empty About still keeps it (decision 0024)', async () => {
    const carol = await t.signedInClient();
    await carol.patch('/api/user/profile', { bio: 'Field recordings' });
    const kept = await carol.patch('/api/user/profile', { bio: '   ' });
    expect(kept.json().bio).toBe('Field recordings');
    const cleared = await carol.patch('/api/user/profile', { bio: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().bio).toBeNull();
    expect((await me(carol)).bio).toBeNull();
  });

  it('saving some links keeps the others; a link sent empty or null clears only that link', async () => {
    const dave = await t.signedInClient();
    // Saved as the networks' profile URLs (decision 0575).
    const links = {
      bandcamp: 'https://dave.bandcamp.com',
      instagram: 'https://www.instagram.com/dave',
      youtube: 'https://www.youtube.com/@dave',
    };
    await dave.patch('/api/user/profile', { socialLinks: links });
    const one = await dave.patch('/api/user/profile', {
      socialLinks: { spotify: 'https://open.spotify.com/artist/d' },
    });
    expect(one.json().socialLinks).toEqual({ ...links, spotify: 'https://open.spotify.com/artist/d' });
    const cleared = await dave.patch('/api/user/profile', {
      socialLinks: { instagram: null, youtube: '  ' },
    });
    expect(cleared.json().socialLinks).toEqual({
      bandcamp: 'https://dave.bandcamp.com',
      spotify: 'https://open.spotify.com/artist/d',
    });
    // A save without links, or with none of them, leaves them alone.
    await dave.patch('/api/user/profile', { bio: 'Still here' });
    await dave.patch('/api/user/profile', { socialLinks: {} });
    expect((await me(dave)).socialLinks).toEqual(cleared.json().socialLinks);
    expect((await t.client().get(`/api/public/users/${dave.userId}`)).statusCode).toBe(404);
  });

  it('two saves of different links at the same moment keep both', async () => {
    const erin = await t.signedInClient();
    await erin.fetchCsrfToken();
    const saves = await Promise.all([
      erin.patch('/api/user/profile', { socialLinks: { bluesky: 'https://bsky.app/profile/erin' } }),
      erin.patch('/api/user/profile', { socialLinks: { soundcloud: 'https://soundcloud.com/erin' } }),
      erin.patch('/api/user/profile', { socialLinks: { bandcamp: 'https://erin.bandcamp.com' } }),
    ]);
    expect(saves.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await me(erin)).socialLinks).toEqual({
      bluesky: 'https://bsky.app/profile/erin',
      soundcloud: 'https://soundcloud.com/erin',
      bandcamp: 'https://erin.bandcamp.com',
    });
  });

  it('refuses an About over 500 characters', async () => {
    const res = await ada.patch('/api/user/profile', { bio: 'x'.repeat(501) });
    // A refused field (issue 42, decision 0575): 422, naming it.
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('About must be at most 500 characters');
    expect(res.json().fieldErrors).toEqual({ bio: 'About must be at most 500 characters' });
    expect((await ada.patch('/api/user/profile', { bio: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('refuses bad social links with a message naming the service', async () => {
    const cases: [string, string][] = [
      ['instagram', 'https://evil.example.com/ada'],
      ['spotify', 'javascript:alert(1)'],
      ['soundcloud', 'ftp://soundcloud.com/ada'],
      ['bluesky', 'not a url'],
      ['youtube', 'https://youtube.com.evil.example/ada'],
    ];
    for (const [type, link] of cases) {
      const res = await ada.patch('/api/user/profile', { socialLinks: { [type]: link } });
      expect(res.statusCode, `${type} ${link}`).toBe(422);
      expect(res.json().message).toMatch(/link must be an? .* address like https:\/\//);
      expect(Object.keys(res.json().fieldErrors)).toEqual([`socialLinks.${type}`]);
    }
    expect(
      (await ada.patch('/api/user/profile', { socialLinks: { myspace: 'https://myspace.com/x' } }))
        .statusCode,
    ).toBe(400);
  });

  it('names each service with the right article', async () => {
    const instagram = await ada.patch('/api/user/profile', {
      socialLinks: { instagram: 'https://x.example/ada' },
    });
    expect(instagram.json().message).toContain(
      'Instagram link must be an Instagram address like https://instagram.com/you',
    );
    const spotify = await ada.patch('/api/user/profile', {
      socialLinks: { spotify: 'https://x.example/ada' },
    });
    expect(spotify.json().message).toContain('Spotify link must be a Spotify address like');
  });

  it('completes a link typed without https:// and still refuses the wrong host or scheme', async () => {
    const res = await ada.patch('/api/user/profile', {
      socialLinks: {
        instagram: 'instagram.com/ada',
        soundcloud: ' www.soundcloud.com/ada ',
        youtube: '//youtu.be/x',
        // An http address of the service is its https one (decision 0575).
        bandcamp: 'http://ada.bandcamp.com',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(ada)).socialLinks).toMatchObject({
      instagram: 'https://www.instagram.com/ada',
      soundcloud: 'https://soundcloud.com/ada',
      youtube: 'https://youtu.be/x',
      bandcamp: 'https://ada.bandcamp.com',
    });
    for (const [type, link] of [
      ['instagram', 'evil.example.com/ada'],
      ['bandcamp', 'http://ada.bandcamp.com.evil.example'],
      ['spotify', 'javascript:alert(1)'],
      ['youtube', 'https://www.youtube.com:8443/@ada'],
    ]) {
      const refused = await ada.patch('/api/user/profile', { socialLinks: { [type as string]: link } });
      expect(refused.statusCode, link).toBe(422);
    }
  });

  it('saves the valid fields when one is refused, and names the refused one (issue 42)', async () => {
    const plum = await t.signedInClient();
    const res = await plum.patch('/api/user/profile', {
      username: 'plum_tabla',
      bio: 'Tabla and field recordings',
      socialLinks: {
        instagram: '@plumtabla',
        youtube: 'plum',
        spotify: 'plumtabla',
        bluesky: 'https://@plum',
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.fieldErrors).toEqual({
      'socialLinks.spotify': 'Spotify link must be a Spotify address like https://open.spotify.com/artist/…',
    });
    expect(body.message).toBe(body.fieldErrors['socialLinks.spotify']);
    const saved = {
      username: 'plum_tabla',
      bio: 'Tabla and field recordings',
      socialLinks: {
        instagram: 'https://www.instagram.com/plumtabla',
        youtube: 'https://www.youtube.com/@plum',
        bluesky: 'https://bsky.app/profile/plum.bsky.social',
      },
    };
    expect(body.user).toMatchObject(saved);
    expect(await me(plum)).toMatchObject(saved);
    // A taken username and a bad About are refused; the links still saved.
    const other = await t.signedInClient();
    const both = await other.patch('/api/user/profile', {
      username: 'PLUM_TABLA',
      bio: 'x'.repeat(501),
      socialLinks: { soundcloud: 'soundcloud.com/Other' },
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().fieldErrors).toEqual({
      username: 'That username is already taken',
      bio: 'About must be at most 500 characters',
    });
    expect((await me(other)).socialLinks).toEqual({ soundcloud: 'https://soundcloud.com/other' });
    // A wrong shape is still the whole request's fault: 400, nothing saved.
    const shape = await other.patch('/api/user/profile', { bio: 'fine', socialLinks: { instagram: 5 } });
    expect(shape.statusCode).toBe(400);
    expect((await me(other)).bio).toBeNull();
  });

  it('usernames are unique ignoring case (422 for that field)', async () => {
    await ada.patch('/api/user/profile', { username: 'Unique_Name' });
    const res = await bob.patch('/api/user/profile', { username: 'unique_name' });
    // A refused field since issue 42 (decision 0575).
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('That username is already taken');
    expect((await ada.patch('/api/user/profile', { username: 'UNIQUE_NAME' })).statusCode).toBe(200);
  });
});

describe('avatar', () => {
  it('stores a -128.webp variant and bumps updatedAt for cache busting', async () => {
    const before = await me(ada);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'purple' } })
      .png()
      .toBuffer();
    const res = await ada.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: png },
    );
    expect(res.statusCode).toBe(200);
    const { avatarUrl, updatedAt } = res.json();
    expect(avatarUrl).toMatch(/^\/api\/images\/avatars\//);
    expect(new Date(updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    const variant = await t.client().get(`${avatarUrl}-128.webp`);
    expect(variant.statusCode).toBe(200);
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(128);
    expect((await me(ada)).avatarUrl).toBe(avatarUrl);
  });

  it('refuses a non-image', async () => {
    const res = await ada.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: Buffer.from('nope') },
    );
    expect(res.statusCode).toBe(415);
  });
});

describe('privacy and the public profile', () => {
  it('a private profile and a missing one answer the same 404', async () => {
    await ada.patch('/api/user/privacy', { isPublic: false });
    const hidden = await t.client().get(`/api/public/users/${ada.userId}`);
    const missing = await t.client().get('/api/public/users/nobody-at-all');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json().message).toBe(PROFILE_NOT_FOUND);
  });

  it('going public shows the profile and its public tracks to anyone, without private fields', async () => {
    const upload = async (name: string, seconds: number) =>
      (
        await ada.upload(
          '/api/tracks',
          { name },
          { field: 'audio', name: 'hum.wav', type: 'audio/wav', data: makeWav(seconds) },
        )
      ).json();
    const shown = await upload('Engine Hum', 1);
    const hidden = await upload('Sketch', 2);
    // New uploads are private (decision 0140); one is made public.
    expect(shown.visibility).toBe('private');
    expect((await ada.patch(`/api/tracks/${shown.id}`, { visibility: 'public' })).json()).toMatchObject({
      visibility: 'public',
    });
    const res = await ada.patch('/api/user/privacy', { isPublic: true });
    expect(res.json()).toMatchObject({ isPublic: true });
    const profile = await t.client().get(`/api/public/users/${ada.userId}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ id: ada.userId, firstName: 'Ada' });
    expect(profile.json().tracks.map((x: { id: number }) => x.id)).toEqual([shown.id]);
    expect(JSON.stringify(profile.json())).not.toContain('ada@example.com');
    expect(JSON.stringify(profile.json())).not.toContain('filepath');
    expect(JSON.stringify(profile.json())).not.toContain('Sketch');
    // The shared track link works signed out for the public track only…
    const shared = await t.client().get(`/api/tracks/${shown.id}`);
    expect(shared.json()).toMatchObject({
      track: { id: shown.id, name: 'Engine Hum', visibility: 'public' },
      user: { id: ada.userId },
    });
    expect((await t.client().get(`/api/tracks/${shown.id}/stream`)).statusCode).toBe(200);
    expect((await t.client().get(`/api/tracks/${hidden.id}`)).statusCode).toBe(404);
    // …the profile made private again hides the profile, while the public track stays open by link
    // (decision 0142); making the track private closes it.
    await ada.patch('/api/user/privacy', { isPublic: false });
    expect((await t.client().get(`/api/public/users/${ada.userId}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/tracks/${shown.id}`)).statusCode).toBe(200);
    await ada.patch(`/api/tracks/${shown.id}`, { visibility: 'private' });
    expect((await t.client().get(`/api/tracks/${shown.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/tracks/${shown.id}`)).statusCode).toBe(404);
    expect((await ada.get(`/api/tracks/${shown.id}`)).statusCode).toBe(200);
  });

  it('privacy and profile changes need sign-in and a boolean', async () => {
    expect((await t.client().patch('/api/user/privacy', { isPublic: true })).statusCode).toBe(401);
    expect((await ada.patch('/api/user/privacy', { isPublic: 'yes' })).statusCode).toBe(400);
  });
});

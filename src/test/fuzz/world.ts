import sharp from 'sharp';
import type { TestApp, TestClient } from '../build-test-app';
import { makeWav } from '../media-fixtures';

export const WAV = makeWav(0.2);
export const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'teal' } })
  .png()
  .toBuffer();

/**
 * One of everything, owned by the fuzzing user, so generated requests that name real ids get past
 * "not found" and reach the code that writes: a track tagged with gear, in a playlist shared into
 * a collective with an invite link and comments, a share link, an avatar, and a second, public person.
 */
export interface World {
  trackId: number;
  playlistId: number;
  collectiveId: number;
  equipmentId: number;
  /** Path parameter values that exist: ids, the invite code, a share token, user ids, an image kind and file. */
  known: string[];
}

type Client = TestClient & { userId?: string };

async function ok<T>(what: string, response: Promise<{ statusCode: number; json(): unknown }>): Promise<T> {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`fuzz world: ${what} answered ${res.statusCode}`);
  return res.json() as T;
}

const uploadTrack = (me: Client) =>
  ok<{ id: number }>(
    'track upload',
    me.upload(
      '/api/tracks',
      { name: 'Fuzz take' },
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: WAV },
    ),
  );

export async function seedWorld(t: TestApp, me: TestClient & { userId: string }): Promise<World> {
  const other = await t.signedInClient({ isPublic: true, username: 'fuzz_other' });
  const track = await uploadTrack(me);
  const playlist = await ok<{ id: number }>('playlist', me.post('/api/playlists', { name: 'Fuzz list' }));
  const collective = await ok<{ id: number }>(
    'collective',
    me.post('/api/collectives', { name: 'Fuzz band' }),
  );
  await ok('share', me.post(`/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }));
  const link = await ok<{ id: number; code: string }>(
    'invite link',
    me.post(`/api/collectives/${collective.id}/invite-links`, { type: 'multi' }),
  );
  const gear = await ok<{ id: number }>('equipment', me.post('/api/equipment', { name: 'Fuzz box' }));
  // A share link (decision 0320), so the by-token routes meet a real token and reach their media.
  const shareLink = await ok<{ id: number; token: string }>(
    'share link',
    me.post('/api/shares', { playlistId: playlist.id, allowDownload: true }),
  );
  const world: World = {
    trackId: track.id,
    playlistId: playlist.id,
    collectiveId: collective.id,
    equipmentId: gear.id,
    known: [],
  };
  await repairWorld(me, world);
  await ok('comment', me.post(`/api/equipment/${gear.id}/comments`, { content: 'Fuzz' }));
  await ok(
    'collective comment',
    me.post(`/api/collectives/${collective.id}/playlists/${playlist.id}/comments`, { content: 'Fuzz' }),
  );
  const avatar = await ok<{ avatarUrl: string }>(
    'avatar',
    me.upload('/api/user/avatar', {}, { field: 'avatar', name: 'me.png', type: 'image/png', data: PNG }),
  );
  const imageFile = `${avatar.avatarUrl.split('/').pop()}-128.webp`;
  world.known.push(me.userId);
  const ids = [track.id, playlist.id, collective.id, gear.id, link.id, shareLink.id, 1, 2].map(String);
  world.known = [
    ...new Set([...world.known, ...ids, link.code, shareLink.token, other.userId, 'avatars', imageFile]),
  ];
  return world;
}

/**
 * Puts back what fuzzed writes took away: the track, its playlist entry and gear, a public profile,
 * and the playlist, collective, share and invite link that DELETE routes (issue 13) may remove.
 */
export async function repairWorld(me: Client, world: World): Promise<void> {
  const playlists = await ok<{ id: number }[]>('playlist list', me.get('/api/playlists'));
  const collectives = await ok<{ id: number }[]>('collective list', me.get('/api/collectives'));
  let reshare = false;
  if (!playlists.some((p) => p.id === world.playlistId)) {
    world.playlistId = (
      await ok<{ id: number }>('playlist', me.post('/api/playlists', { name: 'Fuzz list' }))
    ).id;
    world.known.push(String(world.playlistId));
    reshare = true;
  }
  if (!collectives.some((c) => c.id === world.collectiveId)) {
    const collective = await ok<{ id: number }>(
      'collective',
      me.post('/api/collectives', { name: 'Fuzz band' }),
    );
    world.collectiveId = collective.id;
    const link = await ok<{ id: number; code: string }>(
      'invite link',
      me.post(`/api/collectives/${collective.id}/invite-links`, { type: 'multi' }),
    );
    world.known.push(String(collective.id), String(link.id), link.code);
    reshare = true;
  }
  if (reshare) {
    await ok(
      'share',
      me.post(`/api/playlists/${world.playlistId}/share`, { collectiveIds: [world.collectiveId] }),
    );
  }
  const own = await ok<{ id: number }[]>('track list', me.get('/api/tracks'));
  if (!own.some((track) => track.id === world.trackId)) {
    world.trackId = (await uploadTrack(me)).id;
    world.known.push(String(world.trackId));
  }
  await ok(
    'playlist entry',
    me.post(`/api/playlists/${world.playlistId}/tracks`, { trackId: world.trackId }),
  );
  await ok('tag', me.post(`/api/tracks/${world.trackId}/equipment`, { equipmentTagId: world.equipmentId }));
  // Public (decision 0345), so GET /api/public/playlists/{id} and the embed answer with a body too.
  await ok('public playlist', me.patch(`/api/playlists/${world.playlistId}`, { isPublic: true }));
}

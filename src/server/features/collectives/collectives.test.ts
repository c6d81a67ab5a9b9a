import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectiveMembers } from '../../db/schema';

let t: TestApp;
let owner: TestClient & { userId: string };
let member: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'ownerperson' });
  member = await t.signedInClient({ username: null, firstName: 'Mia', lastName: 'Member' });
});
afterAll(async () => t.close());

async function collectiveWithMember(name = 'Crew') {
  const id = (await owner.post('/api/collectives', { name })).json().id as number;
  await t.db.insert(collectiveMembers).values({ collectiveId: id, userId: member.userId });
  return id;
}

describe('creating and editing a collective', () => {
  it('makes the creator the owner member', async () => {
    const res = await owner.post('/api/collectives', { name: '  Night Shift  ', description: '  ' });
    expect(res.statusCode).toBe(201);
    const collective = res.json();
    expect(collective).toMatchObject({
      name: 'Night Shift',
      description: null,
      imageUrl: null,
      ownerId: owner.userId,
    });
    const members = (await owner.get(`/api/collectives/${collective.id}/members`)).json();
    expect(members).toEqual([
      expect.objectContaining({
        userId: owner.userId,
        role: 'owner',
        user: expect.objectContaining({ username: 'ownerperson' }),
      }),
    ]);
    expect((await owner.get(`/api/collectives/${collective.id}`)).json()).toMatchObject({ role: 'owner' });
  });

  it('checks name and description with the spec’s messages', async () => {
    const cases: [object, string][] = [
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(51) }, 'Name must be less than 50 characters'],
      [{ name: 'ok', description: 'y'.repeat(501) }, 'Description must be less than 500 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/collectives', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await owner.post('/api/collectives', { name: 'x'.repeat(50) })).statusCode).toBe(201);
    const id = (await owner.post('/api/collectives', { name: 'Edit me' })).json().id;
    expect((await owner.patch(`/api/collectives/${id}`, { name: '' })).json().message).toContain(
      'Name is required',
    );
    expect(
      (await owner.patch(`/api/collectives/${id}`, { name: 'Edited', description: 'About' })).json(),
    ).toMatchObject({
      name: 'Edited',
      description: 'About',
    });
  });

  it('lists members with the fields the panel needs and never their email', async () => {
    const id = await collectiveWithMember();
    const members = (await member.get(`/api/collectives/${id}/members`)).json();
    expect(members[1]).toEqual({
      userId: member.userId,
      role: 'member',
      joinedAt: expect.any(String),
      // No event stream open (events/events.test.ts shows it turning true).
      online: false,
      user: {
        id: member.userId,
        username: null,
        firstName: 'Mia',
        lastName: 'Member',
        avatarUrl: null,
        updatedAt: expect.any(String),
      },
      // Seen by that member: their own row offers only leaving (decision 0121).
      abilities: { makeAdmin: false, makeMember: false, remove: false, makeOwner: false, leave: true },
    });
    expect(JSON.stringify(members)).not.toContain('@example.com');
  });
});

describe('collective avatar (spec section 5)', () => {
  const avatar = (id: number, data: Buffer, name = 'a.png', type = 'image/png') =>
    owner.upload(`/api/collectives/${id}/avatar`, {}, { field: 'avatar', name, type, data });

  it('accepts JPEG, PNG, GIF and WebP and stores a -128.webp variant', async () => {
    const id = await collectiveWithMember();
    for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
      const data = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'orange' } })
        .toFormat(format)
        .toBuffer();
      const res = await avatar(id, data, `a.${format}`, `image/${format}`);
      expect(res.statusCode, format).toBe(200);
      const variant = await member.get(`${res.json().imageUrl}-128.webp`);
      expect(variant.statusCode, format).toBe(200);
    }
  });

  it('refuses other image formats and non-images with "Please upload a valid image file"', async () => {
    const id = await collectiveWithMember();
    const tiff = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'orange' } })
      .tiff()
      .toBuffer();
    for (const data of [tiff, Buffer.from('not an image at all')]) {
      const res = await avatar(id, data);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Please upload a valid image file');
    }
  });

  it('refuses more than 5 MB with "Avatar must be less than 5MB"', async () => {
    const id = await collectiveWithMember();
    const res = await avatar(id, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Avatar must be less than 5MB');
    expect((await owner.get(`/api/collectives/${id}`)).json().imageUrl).toBeNull();
  });
});

describe('comments on a shared playlist', () => {
  async function sharedPlaylist() {
    const collectiveId = await collectiveWithMember();
    const playlistId = (await owner.post('/api/playlists', { name: 'Set' })).json().id;
    await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
    return {
      collectiveId,
      playlistId,
      url: `/api/collectives/${collectiveId}/playlists/${playlistId}/comments`,
    };
  }

  it('members post; comments come back newest first with the author’s public fields', async () => {
    const { url } = await sharedPlaylist();
    expect((await member.post(url, { content: '  first  ' })).json()).toMatchObject({
      content: 'first',
      userId: member.userId,
    });
    await owner.post(url, { content: 'second' });
    const list = (await member.get(url)).json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(['second', 'first']);
    expect(list[0].user).toMatchObject({ id: owner.userId, username: 'ownerperson' });
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it('refuses empty, whitespace-only and over-long comments', async () => {
    const { url } = await sharedPlaylist();
    for (const content of ['', '   \n ', 'x'.repeat(2001)]) {
      expect((await member.post(url, { content })).statusCode).toBe(400);
    }
    expect((await member.get(url)).json()).toEqual([]);
  });

  it('only for a playlist shared into that collective', async () => {
    const { collectiveId } = await sharedPlaylist();
    const unshared = (await owner.post('/api/playlists', { name: 'Private' })).json().id;
    const url = `/api/collectives/${collectiveId}/playlists/${unshared}/comments`;
    expect((await member.post(url, { content: 'hi' })).statusCode).toBe(404);
    expect((await member.get(url)).statusCode).toBe(404);
    expect((await member.get(`/api/collectives/${collectiveId}/playlists/${unshared}`)).statusCode).toBe(404);
  });

  it('members see the shared playlist with its tracks and owner', async () => {
    const { collectiveId, playlistId } = await sharedPlaylist();
    const trackId = (
      await owner.upload(
        '/api/tracks',
        { name: 'Take' },
        { field: 'audio', name: 't.wav', type: 'audio/wav', data: makeWav(1) },
      )
    ).json().id;
    await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
    const list = (await member.get(`/api/collectives/${collectiveId}/playlists`)).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: playlistId,
        name: 'Set',
        user: expect.objectContaining({ username: 'ownerperson' }),
      }),
    ]);
    const detail = (await member.get(`/api/collectives/${collectiveId}/playlists/${playlistId}`)).json();
    expect(detail.tracks.map((x: { name: string }) => x.name)).toEqual(['Take']);
  });
});

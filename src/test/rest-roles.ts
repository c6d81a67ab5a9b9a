import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { collectiveMembers } from '../server/db/schema';
import type { TestApp, TestClient } from './build-test-app';
import { makeWav } from './media-fixtures';

/**
 * The callers of the /rest rows of the route × role matrix (decision 0405), in the order a row lists
 * what the signed-in ones get: the music's owner (who owns the collective too), an admin and a
 * member of that collective, and an outsider; then three who never get past authentication.
 */
export const SIGNED_IN = ['owner', 'admin', 'member', 'outsider'] as const;
export const UNAUTHENTICATED = ['anonymous', 'revoked', 'wrongPassword'] as const;
export type SignedIn = (typeof SIGNED_IN)[number];
export type Role = SignedIn | (typeof UNAUTHENTICATED)[number];
export const ROLES: Role[] = [...SIGNED_IN, ...UNAUTHENTICATED];

/** The protocol's codes for those who never get in: no credential (10), a revoked key, a wrong password. */
export const REFUSED: Record<(typeof UNAUTHENTICATED)[number], number> = {
  anonymous: 10,
  revoked: 44,
  wrongPassword: 40,
};

/** The owner's three tracks and three playlists, by who may see them in the web app. */
export const TITLES = { private: 'Private take', band: 'Band take', open: 'Open take' } as const;
export const LIST_NAMES = { hidden: 'Hidden list', band: 'Band list', open: 'Open list' } as const;
export type ListKind = keyof typeof LIST_NAMES;

export interface RestWorld {
  login: Record<SignedIn, string>;
  ownerId: string;
  /** The year of the owner's journal album (`al-{ownerId}-{year}`). */
  year: number;
  tracks: Record<keyof typeof TITLES, number> & { outsiders: number };
  /** The bytes uploaded for each of the owner's tracks. */
  bytes: Record<keyof typeof TITLES, Buffer>;
  lists: Record<ListKind, number>;
  /** coverArt ids of the hidden and band lists' pictures. */
  covers: Record<'hidden' | 'band', string>;
  /** A new playlist of the owner's like one of the three (same songs, sharing, public flag). */
  freshList(kind: ListKind): Promise<number>;
  /** The query parameters that authenticate `role` (none for anonymous). */
  auth: Record<Role, Record<string, string>>;
}

async function ok<T>(what: string, response: Promise<{ statusCode: number; json(): unknown }>): Promise<T> {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`/rest roles world: ${what} answered ${res.statusCode}`);
  return (res.statusCode === 204 ? undefined : res.json()) as T;
}

const upload = (client: TestClient, name: string, data: Buffer) =>
  ok<{ id: number }>(
    name,
    client.upload('/api/tracks', { name }, { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data }),
  ).then((r) => r.id);

/**
 * The owner's private track (in no shared list), a private track in a playlist shared into the
 * collective, and a public track; the lists: a hidden one (the private track, with a picture), the
 * band's (the shared track, with a picture) and a public one holding the public and the private
 * track. The outsider has a track of their own.
 */
export async function seedRestWorld(t: TestApp): Promise<RestWorld> {
  const clients = {} as Record<SignedIn, TestClient & { userId: string }>;
  for (const role of SIGNED_IN) clients[role] = await t.signedInClient({ username: `${role}_x` });
  const { owner } = clients;
  const collectiveId = (
    await ok<{ id: number }>('collective', owner.post('/api/collectives', { name: 'Crew' }))
  ).id;
  await t.db.insert(collectiveMembers).values([
    { collectiveId, userId: clients.admin.userId, role: 'admin' },
    { collectiveId, userId: clients.member.userId, role: 'member' },
  ]);
  // Lengths differ, so each track's bytes are its own.
  const bytes = { private: makeWav(1), band: makeWav(1.5), open: makeWav(2) };
  const tracks = {
    private: await upload(owner, TITLES.private, bytes.private),
    band: await upload(owner, TITLES.band, bytes.band),
    open: await upload(owner, TITLES.open, bytes.open),
    outsiders: await upload(clients.outsider, 'Outsider take', makeWav(0.5)),
  };
  await ok('public track', owner.patch(`/api/tracks/${tracks.open}`, { visibility: 'public' }));

  const SONGS: Record<ListKind, number[]> = {
    hidden: [tracks.private],
    band: [tracks.band],
    open: [tracks.open, tracks.private],
  };
  const freshList = async (kind: ListKind) => {
    const { id } = await ok<{ id: number }>('list', owner.post('/api/playlists', { name: LIST_NAMES[kind] }));
    for (const trackId of SONGS[kind])
      await ok('entry', owner.post(`/api/playlists/${id}/tracks`, { trackId }));
    if (kind === 'band')
      await ok('share', owner.post(`/api/playlists/${id}/share`, { collectiveIds: [collectiveId] }));
    if (kind === 'open') await ok('public', owner.patch(`/api/playlists/${id}`, { isPublic: true }));
    return id;
  };
  const lists = {
    hidden: await freshList('hidden'),
    band: await freshList('band'),
    open: await freshList('open'),
  };
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
  for (const kind of ['hidden', 'band'] as const) {
    const image = { field: 'image', name: 'cover.png', type: 'image/png', data: png };
    await ok('cover', owner.upload(`/api/playlists/${lists[kind]}/image`, {}, image));
  }

  const keyOf = async (role: SignedIn) =>
    (await ok<{ key: string }>('key', clients[role].post('/api/user/api-keys', { name: 'Player' }))).key;
  const revoked = await ok<{ id: number; key: string }>(
    'key',
    owner.post('/api/user/api-keys', { name: 'Old' }),
  );
  await ok('revoke', owner.delete(`/api/user/api-keys/${revoked.id}`));
  const password = (
    await ok<{ key: string }>(
      'password',
      clients.admin.post('/api/user/api-keys', { name: 'TV', kind: 'app-password' }),
    )
  ).key;
  const salt = randomBytes(6).toString('hex');
  const login = Object.fromEntries(SIGNED_IN.map((r) => [r, `${r}_x`])) as Record<SignedIn, string>;
  const auth: Record<Role, Record<string, string>> = {
    owner: { apiKey: await keyOf('owner') },
    // The admin signs in with an app password by token and salt: the other way players do.
    admin: {
      u: login.admin,
      t: createHash('md5')
        .update(password + salt)
        .digest('hex'),
      s: salt,
    },
    member: { apiKey: await keyOf('member') },
    outsider: { apiKey: await keyOf('outsider') },
    anonymous: {},
    revoked: { apiKey: revoked.key },
    wrongPassword: { u: login.admin, p: 'not-the-password' },
  };
  // The pictures' coverArt ids, as the owner's player is told them.
  const mine = await t.app.inject({ url: `/rest/getPlaylists?f=json&apiKey=${auth.owner.apiKey}` });
  const listed: { id: string; coverArt?: string }[] = mine.json()['subsonic-response'].playlists.playlist;
  const coverOf = (id: number) => listed.find((p) => p.id === String(id))?.coverArt ?? '';
  const covers = { hidden: coverOf(lists.hidden), band: coverOf(lists.band) };
  const year = new Date().getUTCFullYear();
  return { login, ownerId: owner.userId, year, tracks, bytes, lists, covers, freshList, auth };
}

/** What a /rest reply was: the envelope (ok, or an error code) or bytes (media, cover art). */
export type Outcome = 'ok' | 'bytes' | number;

export function outcomeOf(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): Outcome {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return res.statusCode < 300 ? 'bytes' : res.statusCode;
  const envelope = JSON.parse(res.body)['subsonic-response'];
  return envelope.status === 'ok' ? 'ok' : envelope.error.code;
}

/** The start of every coverArt id of a track's waveform tile (song-cover.ts, decision 0790). */
const tileOf = (trackId: number) => `tr-${trackId}-`;

/** What `role` must never receive from any method: titles, names, cover ids and track ids. */
export function secretsOf(world: RestWorld, role: Role) {
  const notShared = {
    text: [TITLES.private, LIST_NAMES.hidden, world.covers.hidden, tileOf(world.tracks.private)],
    tracks: [world.tracks.private],
    lists: [world.lists.hidden],
  };
  if (role === 'owner') return { text: [], tracks: [], lists: [] };
  if (role === 'admin' || role === 'member') return notShared;
  const all = role === 'outsider' ? [] : [TITLES.open, LIST_NAMES.open];
  return {
    text: [
      ...notShared.text,
      TITLES.band,
      LIST_NAMES.band,
      world.covers.band,
      tileOf(world.tracks.band),
      ...all,
    ],
    tracks: [...notShared.tracks, world.tracks.band],
    lists: [...notShared.lists, world.lists.band],
  };
}

/**
 * The leaks in a JSON reply: a song node (it has a title) with a secret track id, a playlist node
 * with a secret playlist id. Text is checked separately, in JSON and in XML.
 */
export function leakedIds(
  value: unknown,
  secrets: ReturnType<typeof secretsOf>,
  found: string[] = [],
): string[] {
  if (Array.isArray(value)) {
    for (const each of value) leakedIds(each, secrets, found);
  } else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    const id = Number(node.id);
    if ('title' in node && secrets.tracks.includes(id)) found.push(`song ${node.id}`);
    if ('songCount' in node && 'owner' in node && secrets.lists.includes(id))
      found.push(`playlist ${node.id}`);
    for (const each of Object.values(node)) leakedIds(each, secrets, found);
  }
  return found;
}

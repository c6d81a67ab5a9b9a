import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import { type SentFile, UPLOAD_LINK_FULL_MESSAGE } from '../../../shared/schemas/share-uploads';
import type { SharedItem, ShareLink } from '../../../shared/schemas/shares';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { waitForProcessing } from '../../../test/track-processing';
import { shareLinks, shareUploads, tracks, users } from '../../db/schema';
import { SHARE_UPLOAD_RATE_LIMIT } from './share-uploads.routes';

// Upload links (issue 45, decisions 0730-0739): a signed-out guest's files into the owner's journal.

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
const audio = makeWav(1);

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
  owner = await t.signedInClient({ firstName: 'Ada', lastName: 'Lovelace' });
  stranger = await t.signedInClient();
}, 60_000);
afterAll(async () => t?.close());

async function uploadLink(body: Record<string, unknown> = {}, client: TestClient = owner) {
  const res = await client.post('/api/shares', { kind: 'upload', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ShareLink>();
}

const uploadsUrl = (token: string) => `/api/shares/by-token/${token}/uploads`;
const open = (client: TestClient, token: string) => client.get(`/api/shares/by-token/${token}`);

/** A guest's file as a browser's FormData sends it. */
const send = (
  guest: TestClient,
  token: string,
  {
    name = 'Grace',
    file = 'Final mix.wav',
    data = audio,
  }: { name?: string | null; file?: string; data?: Buffer } = {},
) =>
  guest.upload(uploadsUrl(token), name === null ? {} : { name }, {
    field: 'audio',
    name: file,
    type: 'audio/wav',
    data,
  });

/**
 * Every stored file under DATA_DIR/files (uploads are kept there), once no track is being processed
 * (processing adds its waveform and rendition files on its own time).
 */
async function storedFiles(): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  while (
    (await t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.processingState, 'pending'))).length >
    0
  ) {
    if (Date.now() > deadline) throw new Error('tracks still processing');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const root = path.join(t.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const ownTracks = async (client: TestClient = owner) => (await client.get('/api/tracks')).json<Track[]>();

describe('an upload end to end', () => {
  it('puts the guest’s file in the owner’s journal: private, processed, marked received, in the inbox and the quota', async () => {
    const link = await uploadLink({ recipient: 'mastering engineer', description: 'Stems for the EP' });
    expect(link).toMatchObject({
      kind: 'upload',
      itemName: 'mastering engineer',
      maxFiles: 5,
      received: { files: 0, bytes: 0 },
    });
    const guest = t.client();

    const before = await open(guest, link.token);
    expect(before.statusCode).toBe(200);
    expect(before.json<SharedItem>()).toEqual({
      type: 'upload',
      description: 'Stems for the EP',
      expiresAt: null,
      owner: { displayName: 'Ada Lovelace', username: null, avatarUrl: null },
      maxFiles: 5,
      maxBytes: 2 * 1024 ** 3,
      remainingFiles: 5,
      remainingBytes: 2 * 1024 ** 3,
      guest: null,
      sent: [],
    });
    const usedBefore = (await owner.get('/api/user/storage')).json<{ usedBytes: number }>().usedBytes;

    const res = await send(guest, link.token, { name: 'Grace Hopper' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<SentFile>();
    expect(sent).toMatchObject({ name: 'Final mix.wav', size: audio.length, state: 'pending' });
    expect(Object.keys(sent).sort()).toEqual(['createdAt', 'name', 'size', 'state']);

    // The owner's journal: a private track named from the file, processed like any upload.
    const track = (await ownTracks()).find((x) => x.name === 'Final mix');
    expect(track).toMatchObject({ userId: owner.userId, visibility: 'private', size: audio.length });
    expect((await waitForProcessing(owner, track!.id)).processing.state).toBe('ready');
    const detail = await owner.get(`/api/tracks/${track!.id}`);
    expect(detail.json().received).toEqual({
      guestName: 'Grace Hopper',
      linkLabel: 'mastering engineer',
      shareId: link.id,
    });
    // Counted in the owner's quota.
    const usedAfter = (await owner.get('/api/user/storage')).json<{ usedBytes: number }>().usedBytes;
    expect(usedAfter - usedBefore).toBe(audio.length);
    // The inbox says who sent what, through which link.
    const inbox = (await owner.get('/api/notifications')).json<{ items: Notification[] }>().items;
    expect(inbox.find((n) => n.kind === 'guest_upload')).toMatchObject({
      shareId: link.id,
      track: { id: track!.id, name: 'Final mix' },
      notice: 'Grace Hopper',
      url: `/track/${track!.id}`,
    });
    // The owner's list counts what the link received.
    const listed = (await owner.get('/api/shares')).json<ShareLink[]>().find((l) => l.id === link.id);
    expect(listed?.received).toEqual({ files: 1, bytes: audio.length });

    // The same browser (its guest cookie) sees what it sent, and what the link still takes.
    const after = (await open(guest, link.token)).json<SharedItem>();
    expect(after).toMatchObject({
      guest: { name: 'Grace Hopper' },
      remainingFiles: 4,
      remainingBytes: 2 * 1024 ** 3 - audio.length,
      sent: [{ name: 'Final mix.wav', size: audio.length, state: 'ready' }],
    });
  }, 30_000);

  it('respects the owner’s preference: no inbox entry when guest uploads are switched off', async () => {
    const quiet = await t.signedInClient();
    expect(
      (await quiet.patch('/api/notifications/preferences', { guest_upload: false })).statusCode,
    ).toBeLessThan(300);
    const link = await uploadLink({}, quiet);
    expect((await send(t.client(), link.token)).statusCode).toBe(201);
    const inbox = (await quiet.get('/api/notifications')).json<{ items: Notification[] }>().items;
    expect(inbox.filter((n) => n.kind === 'guest_upload')).toEqual([]);
  });
});

describe('who sees what', () => {
  it('shows a second guest none of the first guest’s files', async () => {
    const link = await uploadLink({ maxFiles: 3 });
    const first = t.client();
    const second = t.client();
    expect((await send(first, link.token, { name: 'First', file: 'one.wav' })).statusCode).toBe(201);
    expect((await send(second, link.token, { name: 'Second', file: 'two.wav' })).statusCode).toBe(201);
    const seenBySecond = (await open(second, link.token)).json<SharedItem & { type: 'upload' }>();
    expect(seenBySecond.guest).toEqual({ name: 'Second' });
    expect(seenBySecond.sent.map((f) => f.name)).toEqual(['two.wav']);
    expect(seenBySecond.remainingFiles).toBe(1);
    const seenByFirst = (await open(first, link.token)).json<SharedItem & { type: 'upload' }>();
    expect(seenByFirst.sent.map((f) => f.name)).toEqual(['one.wav']);
    // A new browser sees nobody's.
    expect((await open(t.client(), link.token)).json()).toMatchObject({ guest: null, sent: [] });
  });

  it('keeps a received track the owner’s alone: others and the link itself cannot read it', async () => {
    const link = await uploadLink();
    expect((await send(t.client(), link.token, { file: 'secret.wav' })).statusCode).toBe(201);
    const track = (await ownTracks()).find((x) => x.name === 'secret')!;
    expect((await stranger.get(`/api/tracks/${track.id}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/tracks/${track.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/tracks/${track.id}/stream`)).statusCode).toBe(404);
    // The journal's list of received tracks is the owner's own.
    const mine = (await owner.get('/api/shares/received')).json<{ trackId: number }[]>();
    expect(mine.map((r) => r.trackId)).toContain(track.id);
    expect((await stranger.get('/api/shares/received')).json()).toEqual([]);
    expect((await t.client().get('/api/shares/received')).statusCode).toBe(401);
    // The upload link opens no media, versions, embed or comments, even of what it received.
    const base = `/api/shares/by-token/${link.token}`;
    for (const url of [
      `${base}/tracks/${track.id}/stream`,
      `${base}/tracks/${track.id}/waveform`,
      `${base}/tracks/${track.id}/original`,
      `${base}/tracks/${track.id}/versions`,
      `${base}/tracks/${track.id}/og.png`,
      `/api/embed/s/${link.token}`,
    ]) {
      expect((await t.client().get(url)).statusCode, url).toBe(404);
    }
    const comment = await t.client().post(`${base}/comments`, { name: 'X', content: 'hi', atSeconds: 1 });
    expect([403, 404]).toContain(comment.statusCode);
  });
});

describe('what an upload link refuses', () => {
  it('refuses one file past maxFiles (409) and stores nothing of it', async () => {
    const link = await uploadLink({ maxFiles: 1 });
    expect((await send(t.client(), link.token, { file: 'only.wav' })).statusCode).toBe(201);
    const count = (await ownTracks()).length;
    const files = (await storedFiles()).length;
    const res = await send(t.client(), link.token, { file: 'extra.wav' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UPLOAD_LINK_FULL_MESSAGE);
    expect((await ownTracks()).length).toBe(count);
    expect((await storedFiles()).length).toBe(files);
  });

  it('refuses bytes past maxBytes (413) without storing anything, across files', async () => {
    const link = await uploadLink({ maxBytes: audio.length + 100 });
    expect((await send(t.client(), link.token, { file: 'fits.wav' })).statusCode).toBe(201);
    const count = (await ownTracks()).length;
    const files = (await storedFiles()).length;
    const rows = (await t.db.select().from(shareUploads).where(eq(shareUploads.shareId, link.id))).length;
    const res = await send(t.client(), link.token, { file: 'too-much.wav' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/This link takes at most/);
    expect((await ownTracks()).length).toBe(count);
    expect((await storedFiles()).length).toBe(files);
    expect((await t.db.select().from(shareUploads).where(eq(shareUploads.shareId, link.id))).length).toBe(
      rows,
    );
    // One file alone larger than the whole cap: refused as well.
    const small = await uploadLink({ maxBytes: 1000 });
    expect((await send(t.client(), small.token)).statusCode).toBe(413);
    expect((await storedFiles()).length).toBe(files);
  });

  it('refuses when the owner’s storage quota is full (413)', async () => {
    const full = await t.signedInClient();
    const link = await uploadLink({}, full);
    await t.db
      .update(users)
      .set({ quotaBytes: audio.length - 1 })
      .where(eq(users.id, full.userId));
    const files = (await storedFiles()).length;
    const res = await send(t.client(), link.token);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/quota/i);
    expect(await ownTracks(full)).toEqual([]);
    expect((await storedFiles()).length).toBe(files);
  });

  it('refuses uploads through listen and review links (403)', async () => {
    const own = (await ownTracks())[0]!;
    for (const kind of ['listen', 'review']) {
      const res = await owner.post('/api/shares', { kind, trackId: own.id });
      expect(res.statusCode).toBe(201);
      const refused = await send(t.client(), res.json<ShareLink>().token);
      expect(refused.statusCode, kind).toBe(403);
    }
  });

  it('refuses a signed-in person with a block either way with the owner (403), and stores nothing', async () => {
    const link = await uploadLink();
    const files = (await storedFiles()).length;
    expect((await owner.put(`/api/users/${stranger.userId}/block`)).statusCode).toBe(204);
    const blocked = await send(stranger, link.token);
    expect(blocked.statusCode, blocked.body).toBe(403);
    expect((await owner.delete(`/api/users/${stranger.userId}/block`)).statusCode).toBe(204);
    expect((await stranger.put(`/api/users/${owner.userId}/block`)).statusCode).toBe(204);
    expect((await send(stranger, link.token)).statusCode).toBe(403);
    expect((await stranger.delete(`/api/users/${owner.userId}/block`)).statusCode).toBe(204);
    expect((await storedFiles()).length).toBe(files);
    // Once no block stands, the same person may send.
    expect((await send(stranger, link.token)).statusCode).toBe(201);
  });

  it('needs the CSRF token', async () => {
    const link = await uploadLink();
    const form = new FormData();
    form.append('name', 'Mallory');
    form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'forged.wav');
    const encoded = new Request('http://test.invalid', { method: 'POST', body: form });
    const res = await t.client().request('POST', uploadsUrl(link.token), {
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect((await ownTracks()).some((x) => x.name === 'forged')).toBe(false);
  });

  it('needs the guest’s name, and audio', async () => {
    const link = await uploadLink();
    const files = (await storedFiles()).length;
    const nameless = await send(t.client(), link.token, { name: null });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toMatch(/name/i);
    expect((await send(t.client(), link.token, { name: '   ' })).statusCode).toBe(400);
    const text = await send(t.client(), link.token, {
      file: 'notes.wav',
      data: Buffer.from('not audio at all'),
    });
    expect(text.statusCode).toBe(415);
    expect((await storedFiles()).length).toBe(files);
    expect((await open(t.client(), link.token)).json()).toMatchObject({ remainingFiles: 5 });
  });

  it('answers 404 for a suspended owner’s link, 410 for an expired one, 401 until a password is given', async () => {
    const suspended = await t.signedInClient();
    const link = await uploadLink({}, suspended);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId));
    expect((await send(t.client(), link.token)).statusCode).toBe(404);
    expect((await open(t.client(), link.token)).statusCode).toBe(404);

    const expired = await uploadLink();
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.id));
    expect((await send(t.client(), expired.token)).statusCode).toBe(410);

    const locked = await uploadLink();
    await t.db
      .update(shareLinks)
      .set({ passwordHash: 'scrypt$x$y$z$salt$hash' })
      .where(eq(shareLinks.id, locked.id));
    const refused = await send(t.client(), locked.token);
    expect(refused.statusCode).toBe(401);
    // Its page too (the body's `passwordRequired` is requireUnlocked's).
    expect((await open(t.client(), locked.token)).statusCode).toBe(401);
    expect((await t.db.select().from(shareUploads).where(eq(shareUploads.shareId, locked.id))).length).toBe(
      0,
    );
  });

  it('limits a link’s uploads per address', async () => {
    const link = await uploadLink({ maxFiles: 100 });
    const guest = t.client();
    const statuses: number[] = [];
    // Past the per-link-and-address budget: 429, whatever the file.
    for (let i = 0; i < SHARE_UPLOAD_RATE_LIMIT.max + 2; i++) {
      statuses.push((await send(guest, link.token, { data: Buffer.from('x') })).statusCode);
    }
    expect(statuses.slice(0, SHARE_UPLOAD_RATE_LIMIT.max).every((s) => s === 415)).toBe(true);
    expect(statuses.slice(SHARE_UPLOAD_RATE_LIMIT.max)).toEqual([429, 429]);
    // Another link from the same address is counted apart.
    expect((await send(guest, (await uploadLink()).token)).statusCode).toBe(201);
  });
});

describe('the owner’s list', () => {
  it('names an upload link by its recipient, else its description, else "Upload link"', async () => {
    await uploadLink({ description: 'Band demos' });
    await uploadLink();
    const list = (await owner.get('/api/shares')).json<ShareLink[]>();
    expect(list[0]).toMatchObject({ itemName: 'Upload link', received: { files: 0, bytes: 0 } });
    expect(list[1]).toMatchObject({ itemName: 'Band demos' });
    const own = (await ownTracks())[0]!;
    const listen = await owner.post('/api/shares', { trackId: own.id });
    expect(listen.json<ShareLink>().received).toBeNull();
  });

  it('keeps where a track came from after its link is revoked', async () => {
    const link = await uploadLink({ description: 'Old link' });
    expect((await send(t.client(), link.token, { name: 'Linus', file: 'kept.wav' })).statusCode).toBe(201);
    expect((await owner.delete(`/api/shares/${link.id}`)).statusCode).toBe(204);
    const track = (await ownTracks()).find((x) => x.name === 'kept')!;
    expect((await owner.get(`/api/tracks/${track.id}`)).json().received).toEqual({
      guestName: 'Linus',
      linkLabel: 'Old link',
      shareId: null,
    });
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, track.id));
    expect(row?.userId).toBe(owner.userId);
  });
});

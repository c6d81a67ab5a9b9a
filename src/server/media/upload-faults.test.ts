import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { LocalDiskStore } from '../storage/local-disk-store';

/**
 * A store on a full disk: every write goes to /dev/full, which the kernel answers with ENOSPC.
 * Reads and deletes work. Whatever the upload, a full disk is the server's fault: a logged 5xx.
 */
class FullDiskStore extends LocalDiskStore {
  override async putFile(_key: string, localFile: string): Promise<never> {
    await writeFile('/dev/full', await readFile(localFile));
    throw new Error('/dev/full accepted a write');
  }
}

let t: TestApp;
let alice: TestClient & { userId: string };
let png: Buffer;

beforeAll(async () => {
  const store = new FullDiskStore(mkdtempSync(path.join(tmpdir(), 'journal-full-disk-')));
  t = await buildTestApp({ store, captureLogs: true });
  alice = await t.signedInClient();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

const tempFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'tmp'));
  } catch {
    return [];
  }
};

async function expectLoggedServerFault(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Something went wrong',
  });
  const logged = t.logs.filter((entry) => entry.level >= 50 && entry.err?.code === 'ENOSPC');
  expect(logged.length).toBeGreaterThan(0);
  expect(tempFiles()).toEqual([]);
  t.logs.length = 0;
}

describe('a storage failure while saving an upload', () => {
  it('is a logged 500 for a profile avatar, not 415 "Please select an image file"', async () => {
    const res = await alice.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: png },
    );
    await expectLoggedServerFault(res);
  });

  it('is a logged 500 for a playlist cover', async () => {
    const playlist = (await alice.post('/api/playlists', { name: 'Covers' })).json<{ id: number }>();
    const res = await alice.upload(
      `/api/playlists/${playlist.id}/image`,
      {},
      { field: 'image', name: 'cover.png', type: 'image/png', data: png },
    );
    await expectLoggedServerFault(res);
  });

  it('is a logged 500 for a track', async () => {
    const res = await alice.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
    );
    await expectLoggedServerFault(res);
  });

  it('still answers what the client got wrong as 4xx, unlogged', async () => {
    const notImage = await alice.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: Buffer.from('not an image') },
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe('Please select an image file');
    expect(t.logs.filter((entry) => entry.level >= 50)).toEqual([]);
  });
});

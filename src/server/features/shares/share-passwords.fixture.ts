import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { SHARE_PASSWORD_REQUIRED_MESSAGE } from '../../../shared/schemas/share-passwords';
import type { ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { tracks } from '../../db/schema';
import { LocalDiskStore } from '../../storage/local-disk-store';

// The world of the share-password tests (share-passwords.test.ts, share-passwords.links.test.ts):
// an owner's processed track with a secret name and notes, a stranger, and signed-out visitors.

export const SECRET = 'Attic Reverb Secret';
export const NOTES = 'Never heard outside the band';
export const PASSWORD = 'label-copy-42';

export interface PasswordWorld {
  t: TestApp;
  owner: TestClient & { userId: string };
  stranger: TestClient & { userId: string };
  trackId: number;
}

/** Builds the world before the file's tests (its fields are set once beforeAll has run) and closes it after. */
export function setUpPasswordWorld(): PasswordWorld {
  const world = {} as PasswordWorld;
  let clientDir = '';
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'journal-share-pw-'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Journal</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(clientDir, 'embed.html'), '<!doctype html><div id="embed"></div>');
    const t = await buildTestApp({ clientDir });
    world.t = t;
    world.owner = await t.signedInClient({ username: 'atticband' });
    world.stranger = await t.signedInClient();
    const res = await world.owner.upload(
      '/api/tracks',
      { name: SECRET },
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
    );
    expect(res.statusCode).toBe(201);
    world.trackId = res.json().id;
    await world.owner.patch(`/api/tracks/${world.trackId}`, { notes: NOTES });
    // Processed by hand: peaks in the store, so the waveform and the picture answer 200 once unlocked.
    const store = new LocalDiskStore(path.join(t.dataDir, 'files'));
    const local = path.join(t.dataDir, 'peaks.json');
    writeFileSync(local, JSON.stringify({ duration: 1, peaks: [-0.5, 0.5, -1, 1] }));
    await store.putFile('tracks/pw.peaks.json', local);
    await t.db
      .update(tracks)
      .set({
        processingState: 'ready',
        originalPlayable: true,
        peaksKey: 'tracks/pw.peaks.json',
        duration: 1,
      })
      .where(eq(tracks.id, world.trackId));
  }, 60_000);
  afterAll(async () => {
    await world.t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });
  return world;
}

/** The calls the tests make, on `world`. */
export function passwordCalls(world: PasswordWorld) {
  let address = 0;
  /** Each visitor from an address of its own, so that lockouts and per-address limits stay apart. */
  const nextAddress = () => {
    address += 1;
    return `10.45.${address >> 8}.${address & 255}`;
  };
  /** A signed-out browser at one address. */
  function visitor(ip = nextAddress()) {
    const client = world.t.client();
    const call = (method: 'GET' | 'POST' | 'HEAD', url: string, body?: unknown, headers = {}) =>
      client.request(method, url, { body, headers, remoteAddress: ip });
    return {
      client,
      ip,
      get: (url: string, headers: Record<string, string> = {}) => call('GET', url, undefined, headers),
      unlock: (token: string, password: string) =>
        call('POST', `/api/shares/by-token/${token}/unlock`, { password }),
    };
  }
  async function share(body: Record<string, unknown>): Promise<ShareLink> {
    const res = await world.owner.post('/api/shares', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  return { nextAddress, visitor, share };
}

/** A password link's refusal: 401 `{ passwordRequired: true }`, and nothing of the track. */
export function expectLocked(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
  expect(res.json(), what).toEqual({
    statusCode: 401,
    error: 'Unauthorized',
    message: SHARE_PASSWORD_REQUIRED_MESSAGE,
    passwordRequired: true,
  });
  expect(res.body).not.toContain(SECRET);
}

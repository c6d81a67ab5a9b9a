import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PIECES, pieceTake } from '../../../test/fingerprint-audio';
import { makeWav } from '../../../test/media-fixtures';
import { resolveFfmpeg } from '../../media/ffmpeg-binaries';
import { MIN_FINGERPRINT_SECONDS } from '../../media/take-fingerprint';
import { fingerprintUpload } from './similar-tracks.service';

// The upload's own fingerprint (decision 0832) spawns ffmpeg only for what can have one
// (decision 0892): an ffmpeg that writes down each call, then runs the real one.
const dir = mkdtempSync(path.join(tmpdir(), 'upload-fingerprint-'));
const calls = path.join(dir, 'calls');
const ffmpeg = path.join(dir, 'ffmpeg');
writeFileSync(ffmpeg, `#!/bin/sh\necho call >> '${calls}'\nexec '${resolveFfmpeg().ffmpeg}' "$@"\n`);
chmodSync(ffmpeg, 0o755);
const log = { info: () => {} };
const spawned = () =>
  existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean).length : 0;
const file = (name: string, data: Buffer | string) => {
  const at = path.join(dir, name);
  writeFileSync(at, data);
  return at;
};

beforeEach(() => rmSync(calls, { force: true }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fingerprinting an upload', () => {
  it('spawns no ffmpeg for a take too short to have a fingerprint', async () => {
    expect(MIN_FINGERPRINT_SECONDS).toBeGreaterThan(1.9);
    expect(await fingerprintUpload(ffmpeg, file('one-shot', makeWav(0.05)), log)).toBeNull();
    expect(await fingerprintUpload(ffmpeg, file('hit', makeWav(1.2)), log)).toBeNull();
    expect(spawned()).toBe(0);
  });

  it('spawns none for what is not audio', async () => {
    expect(await fingerprintUpload(ffmpeg, file('notes', 'just words, no sound at all'), log)).toBeNull();
    expect(spawned()).toBe(0);
  });

  it('fingerprints a take long enough, by ffmpeg', async () => {
    const raw = await fingerprintUpload(ffmpeg, file('take', pieceTake(PIECES.first)), log);
    expect(spawned()).toBe(1);
    expect(raw?.length).toBeGreaterThanOrEqual(16);
  });

  it('asks ffmpeg about a length near the shortest, where the header may guess', async () => {
    await fingerprintUpload(ffmpeg, file('edge', makeWav(1.8)), log);
    expect(spawned()).toBe(1);
  });
});

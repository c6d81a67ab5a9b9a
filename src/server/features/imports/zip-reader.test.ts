import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lieAboutSizes, makeZip } from '../../../test/imports';
import { unsafeName, ZipReader } from './zip-reader';

const dir = mkdtempSync(path.join(tmpdir(), 'journal-zip-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (zip: Buffer) => {
  const file = path.join(dir, `z${++n}.zip`);
  writeFileSync(file, zip);
  return file;
};
const limits = { maxEntryBytes: 1_000_000, maxTotalBytes: 1_500_000 };

describe('ZipReader (decision 0425)', () => {
  it('refuses an archive whose entries together unpack past the total, before inflating', async () => {
    const zip = await makeZip([
      { name: 'a.bin', data: Buffer.alloc(900_000, 1) },
      { name: 'b.bin', data: Buffer.alloc(900_000, 2) },
    ]);
    await expect(ZipReader.open(onDisk(zip), limits)).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/unpacks to more than/),
    });
  });

  it('counts what really inflates: a header declaring less is caught while reading', async () => {
    const zip = lieAboutSizes(
      await makeZip([{ name: 'a.bin', data: Buffer.alloc(900_000), compress: true }]),
      5_000,
    );
    const reader = await ZipReader.open(onDisk(zip), limits);
    try {
      await expect(reader.drain('a.bin')).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/inflates past the size its header declares/),
      });
    } finally {
      reader.close();
    }
  });

  it('reads an honest entry with its sha256 and size', async () => {
    const data = Buffer.from('hello');
    const reader = await ZipReader.open(onDisk(await makeZip([{ name: 'x/y.txt', data }])), limits);
    try {
      expect(await reader.drain('x/y.txt')).toEqual({
        size: 5,
        sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      });
    } finally {
      reader.close();
    }
  });

  it('names: relative forward-slash paths only', () => {
    expect(unsafeName('tracks/1/a.wav')).toBeUndefined();
    expect(unsafeName('a/../../b')).toMatch(/outside/);
    expect(unsafeName('/abs')).toMatch(/absolute/);
    expect(unsafeName('c:/x')).toMatch(/absolute/);
    expect(unsafeName('a\\b')).toMatch(/backslashes/);
    expect(unsafeName('a\0b')).toMatch(/NUL/);
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { ZipFile } from 'yazl';
import type { Database } from '../server/db/client';
import { equipmentTags, imports, playlists, tracks, trackVersions } from '../server/db/schema';
import type { UserImport } from '../shared/schemas/imports';
import type { TestClient } from './build-test-app';

export interface ZipItem {
  name: string;
  data: Buffer;
  compress?: boolean;
}

/** A zip of these entries, in memory (tests only), made with yazl as the export makes its own. */
export function makeZip(items: ZipItem[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const item of items) zip.addBuffer(item.data, item.name, { compress: item.compress ?? false });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every occurrence of `from` (local header and central directory) becomes `to`, same length. */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('Names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  let at = out.indexOf(needle);
  while (at !== -1) {
    Buffer.from(to).copy(out, at);
    at = out.indexOf(needle, at + 1);
  }
  return out;
}

/**
 * A header that lies: the uncompressed size of every entry is written as `declared` in the local
 * headers, the data descriptors and the central directory, whatever the entry really inflates to.
 */
export function lieAboutSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 30 < out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(declared, i + 22);
    else if (sig === 0x02014b50) out.writeUInt32LE(declared, i + 24);
    else if (sig === 0x08074b50) out.writeUInt32LE(declared, i + 12);
  }
  return out;
}

/** Uploads a zip to POST /api/user/import. */
export function postImport(client: TestClient, zip: Buffer, name = 'journal-export.zip') {
  return client.upload('/api/user/import', {}, { field: 'file', name, type: 'application/zip', data: zip });
}

export async function waitForImport(client: TestClient, id: string, timeoutMs = 60_000): Promise<UserImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/user/imports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<UserImport>();
    if (found.state === 'done' || found.state === 'failed') return found;
    if (Date.now() > deadline) throw new Error(`Import ${id} still ${found.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads a zip, expects 202, and waits for the job's end. */
export async function importAndWait(client: TestClient, zip: Buffer, timeoutMs?: number) {
  const res = await postImport(client, zip);
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json<{ id: string; state: string }>();
  expect(started.state).toBe('queued');
  return waitForImport(client, started.id, timeoutMs);
}

/** Rows of every table an import writes to. */
export async function importRowCounts(db: Database) {
  const n = async (
    table: typeof tracks | typeof equipmentTags | typeof playlists | typeof imports | typeof trackVersions,
  ) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    tracks: await n(tracks),
    equipment: await n(equipmentTags),
    playlists: await n(playlists),
    imports: await n(imports),
    trackVersions: await n(trackVersions),
  };
}

/** Every file under a folder (a local store's blobs, a temp folder), as relative paths. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
      .sort();
  } catch {
    return [];
  }
}

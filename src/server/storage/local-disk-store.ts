import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { BlobInfo, BlobStore, ByteRange } from './blob-store';
import { FileRangeStream } from './file-range-stream';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Blobs as files under one root folder (DATA_DIR/files by default). */
export class LocalDiskStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Keys are ours, but a key that could climb out of the root is refused all the same. */
  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!SAFE_KEY.test(key) || key.includes('..') || !full.startsWith(this.root + path.sep)) {
      throw new Error(`Unsafe storage key: ${key}`);
    }
    return full;
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async putFile(key: string, localFile: string): Promise<BlobInfo> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localFile, target);
    } catch (err) {
      // A temp folder on another file system cannot be renamed across: copy, then remove.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(localFile, target);
      await unlink(localFile);
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored blob vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async createReadStream(key: string, range?: ByteRange) {
    return new FileRangeStream(this.pathOf(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

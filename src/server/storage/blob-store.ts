import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded files live. Keys are our own ('tracks/…', 'images/…'), never a client's file name.
 * The local disk implementation is the default; an object store can implement the same four calls.
 */
export interface BlobStore {
  /** Moves a finished local file (already size-checked and probed) into the store under key. */
  putFile(key: string, localFile: string): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | undefined>;
  /** Reads bytes start..end inclusive (the whole blob when no range is given). */
  createReadStream(key: string, range?: { start: number; end: number }): Readable;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
}

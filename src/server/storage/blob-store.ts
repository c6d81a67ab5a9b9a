import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  modifiedAt: Date;
}

/** A byte range, start..end inclusive (as HTTP Range and range-parser give it). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a presigned GET should make the object store answer with (S3_STREAM=redirect). */
export interface PresignOptions {
  expiresInSeconds: number;
  contentType: string;
  cacheControl: string;
  contentDisposition?: string;
}

/**
 * Where uploaded files live. Keys are our own ('tracks/…', 'images/…'), never a client's file name,
 * and only keys are kept in the database. Two implementations: LocalDiskStore (the default) and
 * S3BlobStore (STORAGE=s3); blob-store.contract.test.ts holds both to the same behaviour.
 * Reads are asynchronous because a remote store has to ask before it has a stream.
 */
export interface BlobStore {
  /** Moves a finished local file (already size-checked and probed) into the store under key. */
  putFile(key: string, localFile: string): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | undefined>;
  /**
   * Reads bytes start..end inclusive (the whole blob when no range is given). A missing blob fails
   * with code 'ENOENT', from the promise or from the stream: callers handle both.
   */
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Object stores only: a short-lived URL the client may GET (and Range) directly. */
  presignedGetUrl?(key: string, options: PresignOptions): Promise<string>;
  /**
   * The local disk only: the blob's file, for a program that must seek in it (ffmpeg transcoding
   * for /rest stream, decision 0385). Reads through the stream otherwise.
   */
  localPath?(key: string): string;
}

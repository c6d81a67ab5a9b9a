import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalDiskStore } from './local-disk-store';

/**
 * The store the configuration asks for: DATA_DIR/files, or the S3 bucket (STORAGE=s3). The AWS SDK
 * is imported only for S3 (about 20 MB of memory an instance on local files never needs).
 */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.storage === 's3') {
    // loadConfig refuses STORAGE=s3 without a bucket and credentials; a hand-built Config may not.
    if (!config.s3) throw new Error('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    const { S3BlobStore } = await import('./s3-store');
    return new S3BlobStore(config.s3);
  }
  return new LocalDiskStore(path.join(config.dataDir, 'files'));
}

/**
 * How track media reaches listeners after the access check: the app streams it ('none'), nginx
 * does (X-Accel-Redirect, decision 0069), or the bucket does (a presigned 302, decision 0092).
 */
export function mediaOffload(config: Config, store: BlobStore): 'none' | 'nginx' | 'redirect' {
  if (config.streamOffload === 'nginx') return 'nginx';
  if (config.s3Stream === 'redirect' && store.presignedGetUrl) return 'redirect';
  return 'none';
}

/** Where presigned URLs point (scheme, host, port): presigning is local, no request is made. */
export async function presignedOrigin(store: BlobStore): Promise<string | undefined> {
  if (!store.presignedGetUrl) return undefined;
  const url = await store.presignedGetUrl('origin-probe', {
    expiresInSeconds: 60,
    contentType: 'application/octet-stream',
    cacheControl: 'no-store',
  });
  return new URL(url).origin;
}

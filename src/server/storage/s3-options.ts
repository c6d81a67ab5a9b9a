/** Where the S3-compatible bucket is and how to sign in to it (STORAGE=s3, config.ts). */
export interface S3StoreOptions {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://ACCOUNT.r2.cloudflarestorage.com, http://minio:9000. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, s3rver, most self-hosted stores) instead of in the host name. */
  forcePathStyle: boolean;
}

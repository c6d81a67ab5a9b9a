import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type S3Server, startS3Server } from '../../src/test/s3-server';

export interface Bucket extends S3Server {
  /** Every key in the bucket, through the S3 API. */
  keys(): Promise<string[]>;
  /** The settings an instance needs to store its blobs there. */
  env: Record<string, string>;
}

/** The S3-protocol server the instances share (s3rver, as in the store contract suite). */
export async function startBucket(): Promise<Bucket> {
  const server = await startS3Server({ bucket: 'journal-cluster' });
  const client = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  return {
    ...server,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: server.bucket,
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: server.bucket, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async stop() {
      client.destroy();
      await server.stop();
    },
  };
}

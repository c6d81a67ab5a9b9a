import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../e2e/support/journal-server';

// The S3 part (decision 0107) is loaded by path, not imported: until it is merged neither its helper
// nor the AWS SDK exists here, and a static import would stop the whole story (and tsc) instead of
// the steps that need it.

/** What src/test/s3-server.ts's startS3Server resolves to (the S3 branch's contract). */
export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export interface Bucket extends S3Server {
  /** Every key in the bucket, through the S3 API. */
  keys(): Promise<string[]>;
  /** The settings an instance needs to store its blobs there. */
  env: Record<string, string>;
}

type StartS3Server = (options: { bucket: string }) => Promise<S3Server>;

interface S3Sdk {
  S3Client: new (config: unknown) => { send(command: unknown): Promise<unknown>; destroy(): void };
  ListObjectsV2Command: new (input: unknown) => unknown;
}

export async function startBucket(): Promise<Bucket> {
  const helper = (await import(pathToFileURL(path.join(ROOT, 'src', 'test', 's3-server.ts')).href)) as {
    startS3Server: StartS3Server;
  };
  const server = await helper.startS3Server({ bucket: 'journal-cluster' });
  const sdkName = '@aws-sdk/client-s3';
  const sdk = (await import(sdkName)) as S3Sdk;
  const client = new sdk.S3Client({
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
        const page = (await client.send(
          new sdk.ListObjectsV2Command({ Bucket: server.bucket, ContinuationToken: token }),
        )) as { Contents?: { Key?: string }[]; NextContinuationToken?: string };
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

import { stat, unlink } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { type Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobInfo, BlobStore, ByteRange, PresignOptions } from './blob-store';
import { uploadFile } from './s3-file-upload';
import type { S3StoreOptions } from './s3-options';
import { markFromStorage } from './storage-errors';

/**
 * Open media streams each hold a connection to the store until the listener has read them (a
 * paused player holds one for minutes): the SDK's default of 50 sockets would queue everyone else
 * behind fifty listeners. Connections are kept alive for the Range requests that follow.
 */
const MAX_SOCKETS = 1_000;

/**
 * The SDK's own console output, as by default (it has no logger of ours), less one line: it warns
 * "An error was encountered in a non-retryable streaming request" for every upload that fails, so an
 * outage would print one per upload; the store's outage watch logs the outage once (decision 0257).
 */
const STREAMING_FAILURE = 'An error was encountered in a non-retryable streaming request.';
const sdkLogger = {
  debug: () => {},
  info: () => {},
  warn: (...content: unknown[]) => {
    if (content[0] !== STREAMING_FAILURE) console.warn(...content);
  },
  error: () => {},
};

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** The local store's "missing" (ENOENT), so callers need one check whatever the store. */
const missingBlob = (key: string, cause: unknown) =>
  Object.assign(new Error(`No such blob: ${key}`, { cause }), { code: 'ENOENT' });

/**
 * Blobs as objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph RGW; decision
 * 0090). Uploads stream the finished temp file in parts (s3-file-upload.ts), so memory stays flat;
 * reads are GETs with a Range; stat is a HEAD.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    // The SDK warns on every start under Node 20 that its versions of 2027 will need Node 22. The
    // version that runs is package-lock.json's, which no operator changes; the Node floor is the
    // README's, raised with the SDK when the project moves to those versions (decision 0926).
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default adds CRC32 trailers in aws-chunked bodies, which R2, older MinIO and
      // s3rver do not all understand; checksums only where an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      logger: sdkLogger,
      requestHandler: {
        httpAgent: new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
        httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      },
    });
    // Outermost step: whatever any request of this client throws (after the SDK's retries) is the
    // store's, so that an outage answers 503 (storage-errors.ts, decision 0255).
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (err) {
          markFromStorage(err);
          throw err;
        }
      },
      { step: 'initialize', name: 'markStorageErrors' },
    );
  }

  async putFile(key: string, localFile: string): Promise<BlobInfo> {
    const { size } = await stat(localFile);
    await uploadFile(this.client, { bucket: this.bucket, key }, localFile, size);
    // Moved, like the local store's rename: the temp file is ours to remove once the store has it.
    await unlink(localFile);
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored blob vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // In Node the body is the HTTP response itself: piped on, never buffered.
      const body = object.Body as Readable;
      // A connection lost mid-body fails the stream, not the promise: the store's too. Added first,
      // this listener marks the error before the reply (or a job) sees it.
      body.on('error', markFromStorage);
      if (!range) return body;
      // What the store actually sent: S3 sends the range asked for, but a store may send more
      // (s3rver answers bytes=0-0 with the whole object, a store without Range support a 200).
      const sent = object.ContentRange?.match(/^bytes (\d+)-(\d+)\//);
      const from = sent ? Number(sent[1]) : 0;
      const to = sent ? Number(sent[2]) : Number.POSITIVE_INFINITY;
      if (from === range.start && to === range.end) return body;
      if (from > range.start || to < range.end) {
        body.destroy();
        throw new Error(
          `The store sent ${object.ContentRange ?? 'the whole object'} for ${range.start}-${range.end}`,
        );
      }
      // Cut the range out rather than send more bytes than Content-Length promised.
      return sliceOf(body, range.start - from, range.end - range.start + 1);
    } catch (err) {
      if (isMissing(err)) throw missingBlob(key, err);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      // S3 answers 204 for a missing key already; some compatible stores answer 404.
      if (!isMissing(err)) throw err;
    }
  }

  /** The bucket answers with our type, caching and file name, not what it stored (S3_STREAM=redirect). */
  presignedGetUrl(key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseCacheControl: options.cacheControl,
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  close() {
    this.client.destroy();
  }
}

/** `length` bytes after the first `skip` of a stream; the source is destroyed once they are out. */
function sliceOf(source: Readable, skip: number, length: number): Readable {
  let position = 0;
  const end = skip + length;
  const slice = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(skip - position, 0);
      const to = Math.min(end - position, chunk.length);
      position += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (position >= end) {
        source.unpipe(slice);
        source.destroy();
        this.push(null);
      }
      done();
    },
  });
  source.on('error', (err) => slice.destroy(err));
  // A reader that goes away (a listener who seeks) frees the store's connection too.
  slice.on('close', () => source.destroy());
  source.pipe(slice);
  return slice;
}

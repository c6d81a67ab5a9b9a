import { createReadStream } from 'node:fs';
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

/** S3's smallest multipart part (but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3 allows 10,000 parts; some compatible stores fewer. Big files get bigger parts instead. */
const MAX_PARTS = 9_000;
/** Parts sent at once. */
const CONCURRENT_PARTS = 2;

/**
 * Puts a finished local file into the bucket, every byte streamed from the file (decision 0119).
 * lib-storage's `Upload` copies each part into a buffer of its own first; here each part's body is
 * a read stream over its byte range of the file, so memory holds socket buffers only, whatever the
 * size. A small file is one PUT. A failed multipart upload is aborted, so the bucket keeps no parts
 * nobody will complete.
 */
export async function uploadFile(
  client: S3Client,
  target: { bucket: string; key: string },
  file: string,
  size: number,
): Promise<void> {
  const { bucket: Bucket, key: Key } = target;
  const range = (start: number, end: number) => createReadStream(file, { start, end });
  if (size <= MIN_PART_BYTES) {
    await client.send(
      new PutObjectCommand({ Bucket, Key, Body: range(0, Math.max(0, size - 1)), ContentLength: size }),
    );
    return;
  }

  const partSize = Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
  const count = Math.ceil(size / partSize);
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  try {
    const parts: CompletedPart[] = new Array(count);
    let next = 0;
    let failed = false;
    const sendParts = async () => {
      while (next < count && !failed) {
        const index = next++;
        const start = index * partSize;
        const end = Math.min(size, start + partSize) - 1;
        const body = range(start, end);
        try {
          const { ETag } = await client.send(
            new UploadPartCommand({
              Bucket,
              Key,
              UploadId,
              PartNumber: index + 1,
              Body: body,
              ContentLength: end - start + 1,
            }),
          );
          parts[index] = { ETag, PartNumber: index + 1 };
        } catch (err) {
          failed = true; // the other sender stops after its current part
          throw err;
        } finally {
          body.destroy();
        }
      }
    };
    // Settled, not raced: the abort below must come after every part still being sent.
    const sent = await Promise.allSettled(
      Array.from({ length: Math.min(CONCURRENT_PARTS, count) }, sendParts),
    );
    const failure = sent.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
    );
  } catch (err) {
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
    throw err;
  }
}

import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/errors';
import type { BlobStore } from '../storage/blob-store';
import { deleteImageVariants, type ImageKind, saveImageVariants } from './image-variants';
import { fileTooLargeMessage, formatByteLimit, receiveUpload } from './receive-upload';

export interface ImageUploadOptions {
  store: BlobStore;
  tempDir: string;
  kind: ImageKind;
  fileField: string;
  maxBytes: number;
  /** Message for a file over maxBytes (the spec words some of them). */
  tooLargeMessage?: string;
  /** The refusal's words for a file that is not an accepted image (IMAGE_UPLOAD_FORMATS, decision 0242). */
  notAnImageMessage?: string;
}

/** Receives one image upload and turns it into webp variants; returns the new image key base. */
export async function receiveImage(request: FastifyRequest, opts: ImageUploadOptions): Promise<string> {
  const upload = await receiveUpload(request, {
    fileField: opts.fileField,
    maxBytes: opts.maxBytes,
    tempDir: opts.tempDir,
    tooLargeMessage: opts.tooLargeMessage ?? fileTooLargeMessage(formatByteLimit(opts.maxBytes)),
  });
  try {
    if (upload.size === 0) throw new HttpError(400, 'The image file is empty');
    return await saveImageVariants(
      opts.store,
      opts.kind,
      upload.tempFile,
      opts.tempDir,
      opts.notAnImageMessage,
    );
  } finally {
    await upload.cleanup();
  }
}

/**
 * Points a record at a newly stored image; the image it replaced is queued for removal by the
 * database in the same transaction (decision 0095), and the drain is asked for here. `swap` must
 * change the reference and return the previous one atomically (row lock), so that of many uploads
 * racing for one record each displaces exactly one image and the last one's files remain.
 * If the swap fails, the new image (which no row ever named) is removed at once instead.
 */
export async function commitImage<T>(
  request: FastifyRequest,
  store: BlobStore,
  newKey: string,
  swap: () => Promise<{ result: T; previous: string | null }>,
): Promise<T> {
  let swapped: { result: T; previous: string | null };
  try {
    swapped = await swap();
  } catch (err) {
    await deleteImageVariants(store, newKey).catch((cleanupErr: unknown) =>
      request.log.warn({ err: cleanupErr, key: newKey }, 'Could not remove an image that was not used'),
    );
    throw err;
  }
  if (swapped.previous && swapped.previous !== newKey) await request.server.kickBlobDeletions();
  return swapped.result;
}

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
  /** Decoded formats accepted (sharp's names: jpeg, png, gif, webp…), and the refusal's words. */
  accept?: { formats?: readonly string[]; message?: string };
}

/** Receives one image upload and turns it into webp variants; returns the new image URL base. */
export async function receiveImage(request: FastifyRequest, opts: ImageUploadOptions): Promise<string> {
  const upload = await receiveUpload(request, {
    fileField: opts.fileField,
    maxBytes: opts.maxBytes,
    tempDir: opts.tempDir,
    tooLargeMessage: opts.tooLargeMessage ?? fileTooLargeMessage(formatByteLimit(opts.maxBytes)),
  });
  try {
    if (upload.size === 0) throw new HttpError(400, 'The image file is empty');
    return await saveImageVariants(opts.store, opts.kind, upload.tempFile, opts.tempDir, opts.accept);
  } finally {
    await upload.cleanup();
  }
}

/**
 * Points a record at a newly stored image and removes the image it replaced. `swap` must change
 * the reference and return the previous one atomically (row lock), so that of many uploads racing
 * for one record each removes exactly the image it displaced and the last one's files remain.
 * If the swap fails, the new image is removed instead.
 */
export async function commitImage<T>(
  request: FastifyRequest,
  store: BlobStore,
  newUrl: string,
  swap: () => Promise<{ result: T; previous: string | null }>,
): Promise<T> {
  let swapped: { result: T; previous: string | null };
  try {
    swapped = await swap();
  } catch (err) {
    await deleteImageVariants(store, newUrl).catch((cleanupErr: unknown) =>
      request.log.warn({ err: cleanupErr, url: newUrl }, 'Could not remove an image that was not used'),
    );
    throw err;
  }
  if (swapped.previous && swapped.previous !== newUrl) {
    // The new image is saved either way; a file left behind here is logged, not the caller's error.
    await deleteImageVariants(store, swapped.previous).catch((err: unknown) =>
      request.log.warn({ err, url: swapped.previous }, 'Could not remove a replaced image'),
    );
  }
  return swapped.result;
}

import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/errors';
import type { BlobStore } from '../storage/blob-store';
import { type ImageKind, saveImageVariants } from './image-variants';
import { formatByteLimit, receiveUpload } from './receive-upload';

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
  let upload: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    upload = await receiveUpload(request, {
      fileField: opts.fileField,
      maxBytes: opts.maxBytes,
      tempDir: opts.tempDir,
      limitLabel: formatByteLimit(opts.maxBytes),
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 413 && opts.tooLargeMessage) {
      throw new HttpError(413, opts.tooLargeMessage);
    }
    throw err;
  }
  try {
    if (upload.size === 0) throw new HttpError(400, 'The image file is empty');
    return await saveImageVariants(opts.store, opts.kind, upload.tempFile, opts.tempDir, opts.accept);
  } finally {
    await rm(upload.tempFile, { force: true });
  }
}

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/errors';

export interface ReceivedUpload {
  /** Extensionless temp file holding the bytes; the caller moves or removes it. */
  tempFile: string;
  size: number;
  originalName: string;
  declaredType: string;
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  fileField: string;
  maxBytes: number;
  tempDir: string;
  /** Shown in the 413 message, e.g. '1 GiB'. */
  limitLabel: string;
}

/**
 * Streams the one file of a multipart request to a temp file (memory stays flat whatever the
 * size) and collects the text fields. On any failure (too large, cut off, no file) the temp file
 * is removed before the error propagates, so a bad upload leaves nothing behind.
 */
export async function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data upload');
  await mkdir(opts.tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  let tempFile: string | undefined;
  try {
    const parts = request.parts({
      // Keep the name exactly as sent, so a path-like name is seen and refused, not silently cut.
      preservePath: true,
      limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField || received) {
        part.file.resume();
        continue;
      }
      tempFile = path.join(opts.tempDir, `upload-${randomUUID()}`);
      await pipeline(part.file, createWriteStream(tempFile, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(opts.limitLabel);
      received = {
        tempFile,
        size: part.file.bytesRead,
        originalName: part.filename ?? '',
        declaredType: part.mimetype ?? '',
      };
    }
  } catch (err) {
    if (tempFile) await rm(tempFile, { force: true });
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.limitLabel);
    if (err instanceof HttpError) throw err;
    if (code?.startsWith('FST_'))
      throw new HttpError((err as { statusCode?: number }).statusCode ?? 400, (err as Error).message);
    // The client went away or the body ended early: nothing was stored.
    throw new HttpError(400, 'The upload was interrupted before the file was complete');
  }
  if (!received) throw new HttpError(400, `No file was sent in the "${opts.fileField}" field`);
  return { ...received, fields };
}

const tooLarge = (limit: string) => new HttpError(413, `File is too large: the limit is ${limit}`);

export function formatByteLimit(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}

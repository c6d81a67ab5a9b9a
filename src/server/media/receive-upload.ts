import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { userOf } from '../plugins/auth-guard';
import { HttpError } from '../plugins/errors';
import { holdTempFile } from './temp-files';
import type { UploadSlots } from './upload-slots';
import { type MinimumRate, watchIdle, watchRate } from './upload-watchers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Upload settings every route that receives a file reads (set by the uploads plugin). */
    uploads: {
      idleTimeoutMs: number;
      /** The slowest body accepted (decision 0250). */
      minimumRate: MinimumRate;
      /** Each person's uploads in progress on this instance (decision 0251). */
      slots: UploadSlots;
    };
  }
  interface FastifyRequest {
    /** Gives back the upload slot this request holds, if any (the uploads plugin's safety net). */
    releaseUploadSlot?: () => void;
  }
}

export interface ReceivedUpload {
  /** Extensionless temp file holding the bytes; the caller moves it, then calls cleanup(). */
  tempFile: string;
  size: number;
  /** sha256 of the file's bytes (hex), taken as they streamed to disk: the file is never read again for it. */
  sha256: string;
  originalName: string;
  declaredType: string;
  fields: Record<string, string>;
  /** Removes the temp file (if still there) and lets the temp sweeper have it. */
  cleanup(): Promise<void>;
}

export interface ReceiveOptions {
  fileField: string;
  maxBytes: number;
  tempDir: string;
  /** The 413 message for a file over maxBytes. */
  tooLargeMessage: string;
  /**
   * Whose upload slots and bytes budget the upload takes: the signed-in person unless set. A guest
   * sending through an upload link spends its owner's (decision 0731).
   */
  personId?: string;
}

/**
 * The most a multipart body may carry besides its file: the text fields busboy lets through
 * (20 × 64 KiB) plus part headers, rounded up. A Content-Length beyond maxBytes plus this cannot
 * hold an acceptable file, so it is refused before a byte of the body is read.
 */
export const MULTIPART_ALLOWANCE_BYTES = 2 * 1024 * 1024;

/** Busboy's own words for a body that is not well-formed multipart: the client's doing. */
const MALFORMED_BODY =
  /Unexpected end of multipart data|terminated early|Boundary not found|Boundary required/;

/**
 * Streams the one file of a multipart request to a temp file (memory stays flat whatever the
 * size) and collects the text fields. A file past maxBytes, a client that goes quiet or one that
 * sends too slowly on average is cut off at once (not read to the end); on any failure the temp
 * file is removed before the error propagates. Only what the client did wrong becomes a 4xx: a
 * failing disk is a 5xx. The upload holds one of its person's slots until cleanup() or the failure.
 */
export async function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data upload');
  const declared = Number(request.headers['content-length']);
  if (declared > opts.maxBytes + MULTIPART_ALLOWANCE_BYTES) throw new HttpError(413, opts.tooLargeMessage);
  const settings = request.server.uploads;
  // Over the person's cap: 429 before a byte of the body is read (decision 0251). Every route that
  // receives a file comes through here, so tracks, new versions and images share the count.
  const personId = opts.personId ?? userOf(request).id;
  const releaseSlot = settings.slots.take(personId);
  request.releaseUploadSlot = releaseSlot;
  try {
    await takeBytes(request, personId, declared);
    const received = await receiveFile(request, opts, settings);
    if (!Number.isFinite(declared)) await request.server.uploadBytes.spend(personId, received.size);
    return {
      ...received,
      async cleanup() {
        try {
          await received.cleanup();
        } finally {
          releaseSlot();
        }
      },
    };
  } catch (err) {
    releaseSlot();
    throw err;
  }
}

/**
 * What the request declares (Content-Length, its multipart framing included) is taken from the
 * person's bytes an hour before a byte of the body is read (decision 0560); over it, 429 with the
 * seconds until the window ends. A chunked body declares nothing: it is refused only once the budget
 * is spent, and its bytes are counted once received.
 */
async function takeBytes(request: FastifyRequest, personId: string, declared: number) {
  const budget = request.server.uploadBytes;
  const waitMs = await budget.take(personId, Number.isFinite(declared) ? declared : 0);
  if (waitMs === 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  throw new HttpError(429, tooManyBytesMessage(budget.maxBytes, seconds), { 'Retry-After': String(seconds) });
}

export const tooManyBytesMessage = (maxBytes: number, seconds: number) =>
  `Too many bytes uploaded: at most ${formatByteLimit(maxBytes)} an hour. Try again in ${seconds} s.`;

/** receiveUpload once the slot is held. */
async function receiveFile(
  request: FastifyRequest,
  opts: ReceiveOptions,
  settings: FastifyRequest['server']['uploads'],
): Promise<ReceivedUpload> {
  await mkdir(opts.tempDir, { recursive: true });

  const abort = new AbortController();
  const cutOff = (err: HttpError) => {
    if (!abort.signal.aborted) abort.abort(err);
  };
  const parts = request.parts({
    // Keep the name exactly as sent, so a path-like name is seen and refused, not silently cut.
    preservePath: true,
    limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });
  const idleMs = settings.idleTimeoutMs;
  const stopIdle = watchIdle(request.raw, idleMs, () => cutOff(stalled(idleMs)));
  // A client that is never quite idle but never gets anywhere (a byte every few seconds).
  const stopRate = watchRate(request.raw, settings.minimumRate, () => cutOff(tooSlow(settings.minimumRate)));
  const stopWatching = () => {
    stopIdle();
    stopRate();
  };

  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields' | 'cleanup'> | undefined;
  let tempFile: string | undefined;
  let sink: WriteStream | undefined;
  let release = () => {};
  let diskFault: unknown;
  try {
    const iterator = parts[Symbol.asyncIterator]();
    for (;;) {
      const next = await untilAborted(iterator.next(), abort.signal);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField || received) {
        part.file.resume();
        continue;
      }
      tempFile = path.join(opts.tempDir, `upload-${randomUUID()}`);
      release = holdTempFile(tempFile);
      const out = createWriteStream(tempFile, { flags: 'wx' });
      sink = out;
      // When the client's side fails, pipeline destroys the file with that same error; only an
      // error from the file system itself (it names the failed call) is the disk's fault.
      out.on('error', (err: NodeJS.ErrnoException) => {
        if (err.syscall) diskFault ??= err;
      });
      part.file.once('limit', () => cutOff(new HttpError(413, opts.tooLargeMessage)));
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, hashing, out, { signal: abort.signal });
      if (part.file.truncated) throw new HttpError(413, opts.tooLargeMessage);
      // Every route receiving a file comes through here: one count for tracks, versions and images.
      request.server.metrics?.uploadedBytes.inc(part.file.bytesRead);
      received = {
        tempFile,
        size: part.file.bytesRead,
        sha256: hash.digest('hex'),
        originalName: part.filename ?? '',
        declaredType: part.mimetype ?? '',
      };
    }
  } catch (err) {
    // Stop feeding the parser: what the client still sends is not read, and the connection is
    // closed once the answer is out (uploads plugin).
    request.raw.unpipe();
    request.raw.pause();
    if (sink && !sink.closed) {
      const closing = new Promise<void>((resolve) => sink?.once('close', () => resolve()));
      sink.destroy();
      await closing;
    }
    if (tempFile) await rm(tempFile, { force: true });
    release();
    throw classify(err, abort.signal, diskFault, request.raw, opts);
  } finally {
    stopWatching();
  }
  if (!received) {
    release();
    throw new HttpError(400, `No file was sent in the "${opts.fileField}" field`);
  }
  const file = received.tempFile;
  return {
    ...received,
    fields,
    async cleanup() {
      await rm(file, { force: true });
      release();
    },
  };
}

/** What a failed receive is answered with: known client faults are 4xx, anything else stays a 5xx. */
function classify(
  err: unknown,
  signal: AbortSignal,
  diskFault: unknown,
  raw: IncomingMessage,
  opts: ReceiveOptions,
): unknown {
  if (signal.aborted) return signal.reason;
  if (diskFault) return diskFault;
  if (err instanceof HttpError) return err;
  const { code, statusCode, message } = err as { code?: string; statusCode?: number; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, opts.tooLargeMessage);
  // @fastify/multipart's limit and early-close errors carry their 4xx status.
  if (code?.startsWith('FST_') && statusCode !== undefined && statusCode < 500) {
    return new HttpError(statusCode, message ?? 'Invalid upload');
  }
  const clientGone = raw.destroyed && !raw.complete;
  if (clientGone || MALFORMED_BODY.test(message ?? '')) {
    return new HttpError(400, 'The upload was interrupted before the file was complete');
  }
  return err;
}

const stalled = (ms: number) =>
  new HttpError(408, `The upload stopped: nothing arrived for ${ms / 1000} seconds`);

const tooSlow = (rate: MinimumRate) =>
  new HttpError(
    408,
    `The upload was too slow: it must average at least ${formatByteLimit(rate.bytesPerSecond)} a second`,
  );

/** The promise, or the signal's reason as soon as it is aborted (the promise is left to settle). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

export const fileTooLargeMessage = (limit: string) => `File is too large: the limit is ${limit}`;

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

import { close, open, read } from 'node:fs';
import { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Read buffer of a blob stream (decisions 0068, 0089): a 1 MiB Range takes one read and one socket
 * write. Node's default of 64 KiB took 16 of each.
 */
export const READ_BUFFER_BYTES = 1024 * 1024;

/**
 * Read buffers given back once a socket has written them (decision 0089). A fresh half-megabyte
 * buffer per read lives outside V8's heap, and at a thousand Range requests a second that much
 * garbage makes V8 run a full collection every few dozen requests: a quarter of them then wait
 * 10–40 ms. Kept buffers cost nothing to collect. At most POOL_KEEP are kept (32 MiB after a burst);
 * beyond that they are allocated and dropped as before.
 */
const POOL_KEEP = 32;
const pool: Buffer[] = [];
const takeBuffer = () => pool.pop() ?? Buffer.allocUnsafeSlow(READ_BUFFER_BYTES);
const giveBack = (buffer: Buffer) => {
  if (pool.length < POOL_KEEP) pool.push(buffer);
};

/**
 * A file's bytes start..end (inclusive; to its end without a range) as a Readable. Read the usual
 * way (for await, pipeline into a file or an upload), each chunk is a buffer of its own. Piped into
 * an HTTP response, as Fastify does with a stream reply, it writes to the response itself with
 * pooled buffers, each taken back when the socket has written it, and reads the next chunk while
 * one is being written.
 */
export class FileRangeStream extends Readable {
  readonly #path: string;
  #position: number;
  readonly #end: number;
  #fd: number | undefined;
  #reading = false;
  #closeWhenRead: (() => void) | undefined;

  constructor(path: string, range?: { start: number; end: number }) {
    // A short range gets a buffer its own size, not half a megabyte for a few bytes.
    const bytes = range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY;
    super({ highWaterMark: Math.max(16 * 1024, Math.min(READ_BUFFER_BYTES, bytes)) });
    this.#path = path;
    this.#position = range?.start ?? 0;
    this.#end = range?.end ?? Number.POSITIVE_INFINITY;
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    // Only a response writes straight to a socket; anything else (a compressor, a PassThrough)
    // may hold on to a chunk after its write callback, so it gets chunks of its own.
    if (!(destination instanceof ServerResponse) || options?.end === false) {
      return super.pipe(destination, options);
    }
    this.#opened(() => this.#pumpInto(destination));
    return destination;
  }

  override _read() {
    this.#opened(() => {
      const remaining = this.#end - this.#position + 1;
      const buffer = Buffer.allocUnsafe(Math.min(this.readableHighWaterMark, remaining));
      this.#readInto(buffer, (bytes) => this.push(bytes === 0 ? null : buffer.subarray(0, bytes)));
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    const closeFile = () => {
      if (this.#fd === undefined) return callback(error);
      const fd = this.#fd;
      this.#fd = undefined;
      close(fd, () => callback(error));
    };
    // A read still running in the thread pool owns the descriptor until it returns.
    if (this.#reading) this.#closeWhenRead = closeFile;
    else closeFile();
  }

  #opened(then: () => void) {
    if (this.#fd !== undefined) return then();
    open(this.#path, 'r', (err, fd) => {
      if (err) return this.destroy(err);
      this.#fd = fd;
      if (this.destroyed) return close(fd, () => {});
      then();
    });
  }

  /** Reads the next chunk into buffer; calls back with the bytes read (0 at the end). */
  #readInto(buffer: Buffer, then: (bytes: number) => void) {
    const wanted = Math.min(buffer.length, this.#end - this.#position + 1);
    if (wanted <= 0) return then(0);
    this.#reading = true;
    read(this.#fd as number, buffer, 0, wanted, this.#position, (err, bytes) => {
      this.#reading = false;
      if (this.#closeWhenRead) return this.#closeWhenRead();
      if (this.destroyed) return;
      if (err) return this.destroy(err);
      this.#position += bytes;
      then(bytes);
    });
  }

  #pumpInto(response: ServerResponse) {
    const next = () => {
      if (this.destroyed) return;
      const buffer = takeBuffer();
      this.#readInto(buffer, (bytes) => {
        if (bytes === 0) {
          giveBack(buffer);
          response.end();
          // Ends this stream too, so whoever watches it (Fastify) sees it finish.
          this.push(null);
          this.resume();
          return;
        }
        const write = () => {
          if (this.destroyed || response.destroyed) return;
          response.write(buffer.subarray(0, bytes), (err) => {
            if (!err) giveBack(buffer);
          });
          next();
        };
        if (response.writableNeedDrain) response.once('drain', write);
        else write();
      });
    };
    next();
  }
}

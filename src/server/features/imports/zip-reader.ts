import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as turn } from 'node:timers/promises';
import yauzl from 'yauzl';
import { formatByteLimit } from '../../media/receive-upload';
import { HttpError } from '../../plugins/errors';

/**
 * Reading an uploaded zip without trusting it (decision 0425). Names are checked by us (yauzl is
 * asked not to decode them, so nothing is rewritten before we see it), sizes are checked as declared
 * and then again as the bytes actually inflate: a header can lie.
 */

/**
 * Past this many inflated bytes an entry must not inflate more than MAX_RATIO times its stored size,
 * nor all entries together more than MAX_RATIO times the archive's size (many entries each under
 * the floor are a bomb too, issue 41).
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Deflate tops out near 1032:1 on runs of one byte; real audio and JSON stay far below 100:1. */
export const MAX_RATIO = 100;

/**
 * Directory entries checked between two turns of the event loop: an archive at the limits holds
 * 10,000 and more, whose checks in one go held it 30–100 ms on a loaded 2-core machine (issue 41:
 * nothing may hold it 50 ms).
 */
const ENTRIES_PER_TURN = 500;

export interface ZipLimits {
  /** The largest file one entry may hold (the upload limit). */
  maxEntryBytes: number;
  /** The most all entries together may inflate to. */
  maxTotalBytes: number;
  /** Entries with a limit of their own instead of maxEntryBytes (journal.json: read, never stored). */
  ownMaxBytes?: ReadonlyMap<string, number>;
}

const bad = (message: string) => new HttpError(400, message);
const tooLarge = (message: string) => new HttpError(413, message);

/** Why a name must not be unpacked, or undefined when it is a plain relative path. */
export function unsafeName(name: string): string | undefined {
  if (name.includes('\\')) return `"${name}" uses backslashes in its path`;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return `"${name}" is an absolute path`;
  if (name.split('/').includes('..')) return `"${name}" points outside the archive ("..")`;
  if (name.includes('\0')) return `"${name}" holds a NUL character`;
  return undefined;
}

export class ZipReader {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
    private readonly limits: ZipLimits,
    /** The zip's own size: entries may share stored bytes, so theirs do not add up to a bound. */
    private readonly archiveBytes: number,
  ) {}

  /** Opens the zip and reads its directory; refuses unsafe names and declared sizes past the limits. */
  static async open(file: string, limits: ZipLimits): Promise<ZipReader> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        (err, z) => (err ? reject(bad(`The file is not a zip archive (${err.message})`)) : resolve(z)),
      ),
    );
    try {
      const entries = await readDirectory(zip);
      const reader = new ZipReader(zip, new Map(), limits, zip.fileSize);
      let declared = 0;
      let checked = 0;
      for (const entry of entries) {
        if (++checked % ENTRIES_PER_TURN === 0) await turn();
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        const unsafe = unsafeName(name);
        if (unsafe) throw bad(`The archive cannot be imported: ${unsafe}`);
        if (name.endsWith('/')) continue;
        if (entry.isEncrypted()) throw bad(`The archive cannot be imported: "${name}" is encrypted`);
        if (reader.entries.has(name)) throw bad(`The archive holds "${name}" twice`);
        reader.entries.set(name, entry);
        reader.checkSize(name, entry.uncompressedSize, entry.compressedSize);
        declared += entry.uncompressedSize;
        reader.checkTotal(declared);
      }
      return reader;
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  close() {
    this.zip.close();
  }

  /** The limits all entries together (declared, or counted so far) must keep. */
  private checkTotal(inflated: number) {
    if (inflated > this.limits.maxTotalBytes) {
      throw tooLarge(`The archive unpacks to more than ${formatByteLimit(this.limits.maxTotalBytes)}`);
    }
    if (inflated > RATIO_FLOOR_BYTES && inflated > this.archiveBytes * MAX_RATIO) {
      throw bad(`The archive looks like a zip bomb: it inflates to more than ${MAX_RATIO} times its size`);
    }
  }

  /** The limits one entry's size (declared, or counted so far) must keep. */
  private checkSize(name: string, inflated: number, stored: number) {
    const own = this.limits.ownMaxBytes?.get(name);
    if (own !== undefined && inflated > own) {
      throw tooLarge(`"${name}" is larger than ${formatByteLimit(own)}`);
    }
    if (own === undefined && inflated > this.limits.maxEntryBytes) {
      throw tooLarge(
        `"${name}" is larger than the upload limit of ${formatByteLimit(this.limits.maxEntryBytes)}`,
      );
    }
    if (inflated > RATIO_FLOOR_BYTES && inflated > stored * MAX_RATIO) {
      throw bad(
        `"${name}" looks like a zip bomb: it inflates to more than ${MAX_RATIO} times its compressed size`,
      );
    }
  }

  /**
   * Streams one entry into `sink`, counting the bytes that actually come out of the inflater: more
   * than the header declared, past the upload limit or past the ratio ends it at once. `counted` is
   * the running total over the whole archive (the caller's), kept under maxTotalBytes and the
   * archive's ratio. Returns the entry's sha256 (hex) and size.
   */
  async read(
    name: string,
    sink: Writable,
    counted: { bytes: number } = { bytes: 0 },
  ): Promise<{ sha256: string; size: number }> {
    const entry = this.entries.get(name);
    if (!entry) throw new HttpError(422, `"${name}" is not in the archive`);
    const hash = createHash('sha256');
    let size = 0;
    const guard = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        size += chunk.length;
        counted.bytes += chunk.length;
        try {
          if (size > entry.uncompressedSize) {
            throw bad(`"${name}" looks like a zip bomb: it inflates past the size its header declares`);
          }
          this.checkSize(name, size, entry.compressedSize);
          this.checkTotal(counted.bytes);
        } catch (err) {
          return done(err as Error);
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      this.zip.openReadStream(entry, (err, s) =>
        err ? reject(bad(`"${name}" cannot be read: ${err.message}`)) : resolve(s),
      ),
    );
    try {
      await pipeline(stream, guard, sink);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const message = (err as Error).message ?? '';
      // yauzl's own size check (validateEntrySizes) says the same in its words.
      if (/too many bytes|too few bytes/.test(message)) {
        throw bad(`"${name}" looks like a zip bomb: it inflates past the size its header declares`);
      }
      if ((err as NodeJS.ErrnoException).syscall) throw err;
      throw bad(`"${name}" cannot be read: ${message}`);
    }
    return { sha256: hash.digest('hex'), size };
  }

  /** One entry into a file (the caller removes it). */
  extract(name: string, file: string, counted?: { bytes: number }) {
    return this.read(name, createWriteStream(file, { flags: 'wx' }), counted);
  }

  /**
   * One small entry into memory (journal.json): still counted and limited like the rest. On an
   * ArrayBuffer of its own, so it can be handed to a worker without a copy.
   */
  async buffer(name: string, counted?: { bytes: number }): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.read(
      name,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      }),
      counted,
    );
    const whole = Buffer.from(new ArrayBuffer(chunks.reduce((n, c) => n + c.length, 0)));
    let at = 0;
    for (const c of chunks) at += c.copy(whole, at);
    return whole;
  }

  /** Every entry read through to nothing: what a check needs (hashes and real sizes), no disk. */
  drain(name: string, counted?: { bytes: number }) {
    return this.read(
      name,
      new Writable({
        write(_chunk, _enc, done) {
          done();
        },
      }),
      counted,
    );
  }
}

function readDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err: Error) => reject(bad(`The zip archive is damaged (${err.message})`)));
    zip.readEntry();
  });
}

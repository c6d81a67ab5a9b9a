import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportedTrack, JournalExport } from '../../../shared/schemas/journal-export';
import { HttpError } from '../../plugins/errors';
import type { CheckedFile } from './journal-parse';

/**
 * Where journal-worker runs from. Built, it is dist/server/journal-worker.js, found by walking up
 * from this code (main.js or one of its chunks); from source (tests, tsx) it is the .ts beside this
 * file, loaded through tsx.
 */
function workerScript(): { file: string; fromSource: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return { file: path.join(path.dirname(here), 'journal-worker.ts'), fromSource: true };
  for (let dir = path.dirname(here); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'journal-worker.js');
    if (existsSync(file)) return { file, fromSource: false };
    if (path.dirname(dir) === dir) throw new Error(`journal-worker.js not found above ${here}`);
  }
}

/**
 * The worker's own heap: a journal.json of IMPORT_JOURNAL_MAX_BYTES parses to a few hundred MB of
 * objects; a journal built to take more ends that worker (answered 413), not the server.
 */
const WORKER_HEAP_MB = 1024;

/** How many tracks one message back from the worker carries: a few milliseconds to rebuild here. */
export const JOURNAL_TRACKS_PER_MESSAGE = 500;

/** What the worker posts: a slice of the tracks, then the rest of the journal, or a refusal. */
export type FromJournalWorker =
  | { tracks: ExportedTrack[] }
  | { rest: Omit<JournalExport, 'tracks'> }
  | { refusal: { statusCode: number; message: string } };

/**
 * parseJournal (journal-parse.ts) in a worker thread, so the main thread's event loop stays free
 * however large journal.json is (issue 41): the main thread hands the bytes over and takes the
 * checked journal back a slice at a time, asking for each (see journal-worker.ts). Throws the 4xx
 * to answer when it is refused.
 */
export async function parseJournalOffThread(
  raw: Buffer,
  files: Map<string, CheckedFile>,
): Promise<JournalExport> {
  const release = await journalWorkerSlot();
  try {
    return await runJournalWorker(raw, files);
  } finally {
    release();
  }
}

/**
 * Journal workers running at once on this instance: each may grow to WORKER_HEAP_MB, and one
 * import a person does not bound how many people (or demo visitors) check archives together.
 * The next check waits its turn; a check takes seconds at the limits.
 */
export const JOURNAL_WORKERS_AT_ONCE = 2;
let journalWorkersRunning = 0;
const waitingForWorker: (() => void)[] = [];

/** Resolves with the release once a journal worker may start (oldest waiter first). */
export async function journalWorkerSlot(): Promise<() => void> {
  if (journalWorkersRunning >= JOURNAL_WORKERS_AT_ONCE) {
    await new Promise<void>((resolve) => waitingForWorker.push(resolve));
  } else {
    journalWorkersRunning += 1;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The slot passes straight to the next waiter, or is given back.
    const next = waitingForWorker.shift();
    if (next) next();
    else journalWorkersRunning -= 1;
  };
}

function runJournalWorker(raw: Buffer, files: Map<string, CheckedFile>): Promise<JournalExport> {
  const { file, fromSource } = workerScript();
  // Handed over, not copied (the caller is done with it): tens of megabytes copied and then
  // collected on this thread would stall it in turn. Only a buffer that owns its memory can go.
  const own = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw : Buffer.from(raw);
  const options = {
    // The files as one string: copied across as a block, where 10,000 small objects were cloned
    // one by one on this thread.
    workerData: { raw: own, files: JSON.stringify([...files]) },
    transferList: [own.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`,
        { ...options, eval: true },
      )
    : new Worker(file, options);
  const tracks: ExportedTrack[] = [];
  return new Promise<JournalExport>((resolve, reject) => {
    worker.on('message', (m: FromJournalWorker) => {
      if ('refusal' in m) return reject(new HttpError(m.refusal.statusCode, m.refusal.message));
      if ('rest' in m) return resolve({ ...m.rest, tracks });
      for (const track of m.tracks) tracks.push(track);
      worker.postMessage('more');
    });
    worker.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new HttpError(413, 'journal.json is too large to read')
          : err,
      ),
    );
    worker.once('exit', (code) => reject(new Error(`The journal worker stopped (exit code ${code})`)));
  }).finally(() => void worker.terminate());
}

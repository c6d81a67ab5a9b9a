import { parentPort, workerData } from 'node:worker_threads';
import { type CheckedFile, JournalRefusal, parseJournal } from './journal-parse';

/**
 * The journal worker's entry (its own bundle entry, see package.json's build:server): parses and
 * checks one journal.json off the main thread and posts the journal, or why it is refused, back.
 */
const { raw, files } = workerData as { raw: Uint8Array; files: [string, CheckedFile][] };
try {
  parentPort!.postMessage({ journal: parseJournal(raw, new Map(files)) });
} catch (err) {
  if (!(err instanceof JournalRefusal)) throw err;
  parentPort!.postMessage({ refusal: { statusCode: err.statusCode, message: err.message } });
}

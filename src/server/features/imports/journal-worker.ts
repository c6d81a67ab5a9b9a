import { parentPort, workerData } from 'node:worker_threads';
import { type CheckedFile, JournalRefusal, parseJournal } from './journal-parse';
import { type FromJournalWorker, JOURNAL_TRACKS_PER_MESSAGE } from './journal-thread';

/**
 * The journal worker's entry (its own bundle entry, see package.json's build:server): parses and
 * checks one journal.json off the main thread and posts the journal, or why it is refused, back.
 * The tracks go JOURNAL_TRACKS_PER_MESSAGE at a time, each when the main thread asks for more:
 * rebuilding 10,000 tracks there in one message held its event loop 46-78 ms (issue 41's budget
 * is 50), and messages already queued are all read in one go, so it must ask for each.
 */
const { raw, files } = workerData as { raw: Uint8Array; files: string };
const send = (message: FromJournalWorker) => parentPort!.postMessage(message);
try {
  const { tracks, ...rest } = parseJournal(raw, new Map(JSON.parse(files) as [string, CheckedFile][]));
  let next = 0;
  const sendMore = () => {
    if (next >= tracks.length) return send({ rest });
    send({ tracks: tracks.slice(next, next + JOURNAL_TRACKS_PER_MESSAGE) });
    next += JOURNAL_TRACKS_PER_MESSAGE;
  };
  parentPort!.on('message', sendMore);
  sendMore();
} catch (err) {
  if (!(err instanceof JournalRefusal)) throw err;
  send({ refusal: { statusCode: err.statusCode, message: err.message } });
}

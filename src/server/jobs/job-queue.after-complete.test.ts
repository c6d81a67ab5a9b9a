import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type JobQueue, type QueueDefinition, startJobQueue } from './job-queue';

// Decision 0921: one job per key, so a send made while that key's job runs is refused. A change that
// lands after the handler's last read is then lost unless afterComplete, run once the job is marked
// complete, looks again and sends. Here the change lands in that very window: the handler, after its
// last read, changes its subject and sends the key, as a concurrent upload would.

let database: TestDatabase;
let queue: JobQueue;
const warnings: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startJobQueue({
    connection: database.queueConnection,
    log: { warn: (_obj: object, msg: string) => warnings.push(msg), info: () => {} } as never,
    heartbeatSeconds: 30,
    pollingIntervalSeconds: 1,
    superviseIntervalSeconds: 1,
    stopTimeoutMs: 2_000,
  });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

/** A subject with a revision: each run brings `done` up to the revision its last read saw. */
interface Subject {
  revision: number;
  done: number;
  runs: number;
  refusedSends: boolean[];
}

async function defineQueue(name: string, subject: Subject, lookAgain: boolean) {
  const definition: QueueDefinition<{ id: string }> = {
    name,
    workers: 1,
    retryLimit: 0,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 1,
    expireInSeconds: 60,
    wakeOnSend: true,
    handle: async ({ id }) => {
      subject.runs += 1;
      subject.done = subject.revision;
      // The first run's last read is behind it: the subject changes and its key is sent.
      if (subject.runs === 1) {
        subject.revision += 1;
        subject.refusedSends.push(!(await queue.send(name, { id }, id)));
      }
    },
    onGiveUp: async () => {},
  };
  if (lookAgain) {
    definition.afterComplete = async ({ id }) => {
      if (subject.done < subject.revision) await queue.send(name, { id }, id);
    };
  }
  await queue.define(definition);
}

const newSubject = (): Subject => ({ revision: 1, done: 0, runs: 0, refusedSends: [] });

describe('a change that lands while its key’s job finishes', () => {
  it('is worked by one more run: afterComplete sends again once the key is free', async () => {
    const subject = newSubject();
    await defineQueue('looks-again', subject, true);
    expect(await queue.send('looks-again', { id: 'track-1' }, 'track-1')).toBe(true);
    await expect.poll(() => subject.done, { timeout: 10_000 }).toBe(2);
    expect(subject.refusedSends).toEqual([true]);
    expect(subject.runs).toBe(2);
    expect(warnings).toEqual([]);
  });

  it('without afterComplete the refused send is lost: the subject waits', async () => {
    const subject = newSubject();
    await defineQueue('looks-not', subject, false);
    expect(await queue.send('looks-not', { id: 'track-1' }, 'track-1')).toBe(true);
    await expect.poll(() => subject.runs, { timeout: 10_000 }).toBe(1);
    // Three polls of the idle worker: nothing more is queued.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(subject.refusedSends).toEqual([true]);
    expect(subject.runs).toBe(1);
    expect(subject.done).toBe(1);
  });
});

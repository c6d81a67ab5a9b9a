import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type JobQueue, startJobQueue } from './job-queue';

// Decision 0470: a send to a wake-on-send queue wakes this instance's worker and announces the job
// to the others; an announcement that fails costs only the other instances' poll, never the job.

let database: TestDatabase;
let queue: JobQueue;
const warnings: { msg: string; queue?: string }[] = [];
const announced: string[] = [];
let failAnnouncements = false;
const handled: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startJobQueue({
    connection: database.queueConnection,
    log: { warn: (obj: object, msg: string) => warnings.push({ msg, ...obj }), info: () => {} } as never,
    // Polling far longer than the test: a job handled in time was woken.
    heartbeatSeconds: 30,
    pollingIntervalSeconds: 60,
    superviseIntervalSeconds: 1,
    stopTimeoutMs: 2_000,
    announceSend: async (name) => {
      if (failAnnouncements) throw new Error('connection lost');
      announced.push(name);
    },
  });
  for (const name of ['woken', 'polled']) {
    await queue.define<{ id: string }>({
      name,
      workers: 1,
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 1,
      expireInSeconds: 60,
      wakeOnSend: name === 'woken',
      handle: async ({ id }) => {
        handled.push(id);
      },
      onGiveUp: async () => {},
    });
  }
  // pg-boss's first poll at start: what follows is found only by a wake-up.
  await new Promise((resolve) => setTimeout(resolve, 1000));
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('wake-on-send', () => {
  it('announces the job and wakes the worker here; other queues are neither', async () => {
    expect(await queue.send('woken', { id: 'a' }, 'a')).toBe(true);
    await expect.poll(() => handled, { timeout: 10_000 }).toContain('a');
    expect(await queue.send('polled', { id: 'b' }, 'b')).toBe(true);
    expect(announced).toEqual(['woken']);
  });

  it('a failed announcement is logged; the send still succeeds and the job still runs', async () => {
    failAnnouncements = true;
    expect(await queue.send('woken', { id: 'c' }, 'c')).toBe(true);
    expect(warnings).toContainEqual(expect.objectContaining({ queue: 'woken' }));
    await expect.poll(() => handled, { timeout: 10_000 }).toContain('c');
  });
});

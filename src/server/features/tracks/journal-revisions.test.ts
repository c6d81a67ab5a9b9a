import Fastify from 'fastify';
import { expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { routeOfThisWork, turnOfThisWork } from '../../db/route-shares';
import { routeSharesPlugin } from '../../plugins/route-shares';
import {
  JOURNAL_REVISION_HEADER,
  JournalRevisions,
  journalRevisionReplies,
  REVISION_AFTER_WRITE_ROUTE,
} from './journal-revisions';

// Decision 0908: a write's revision is passed on (to bring the writer's held lists up to date) only
// when it is the writer's one write under way on this instance.

const revisionsHeard = () => {
  const revisions = new JournalRevisions(undefined as unknown as Database);
  const heard: string[] = [];
  revisions.onOwnWrite((userId, revision) => heard.push(`${userId}@${revision}`));
  return { revisions, heard };
};

it("passes a lone write's revision on", () => {
  const { revisions, heard } = revisionsHeard();
  const done = revisions.writing('ana');
  revisions.wrote('ana', 7);
  done();
  const next = revisions.writing('ana');
  revisions.wrote('ana', 8);
  next();
  expect(heard).toEqual(['ana@7', 'ana@8']);
});

it('passes nothing on while another write of the same person is under way; others do not count', () => {
  const { revisions, heard } = revisionsHeard();
  const first = revisions.writing('ana');
  const second = revisions.writing('ana');
  const theirs = revisions.writing('ben');
  revisions.wrote('ana', 7);
  revisions.wrote('ben', 9);
  first();
  first(); // ended once only: the second write still counts
  revisions.wrote('ana', 10); // the second's own reply, now alone
  second();
  theirs();
  expect(heard).toEqual(['ben@9', 'ana@10']);
});

// Decision 0945: the revision a write's reply carries is read as work of its own, not the write's:
// in the write's share of the pool it queued behind the route's other writes, each waiting for the
// owner's row.
it("reads a write's revision outside the write's route, in the write's place in the turns", async () => {
  const seen: { route: string | undefined; order: number | undefined }[] = [];
  class Watched extends JournalRevisions {
    override async afterWrite(): Promise<number> {
      seen.push({ route: routeOfThisWork(), order: turnOfThisWork()?.order });
      return 7;
    }
  }
  const app = Fastify();
  await app.register(routeSharesPlugin);
  app.decorateRequest('currentUser', null);
  await app.register(journalRevisionReplies, {
    revisions: new Watched(undefined as unknown as Database),
    enabled: true,
  });
  let writeOrder: number | undefined;
  app.patch('/api/things/:id', async (request) => {
    writeOrder = turnOfThisWork()?.order;
    (request as { currentUser: unknown }).currentUser = { id: 'ana' };
    return { ok: true };
  });
  try {
    const res = await app.inject({ method: 'PATCH', url: '/api/things/1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers[JOURNAL_REVISION_HEADER]).toBe('7');
    expect(writeOrder).toBeTypeOf('number');
    expect(seen).toEqual([{ route: REVISION_AFTER_WRITE_ROUTE, order: writeOrder }]);
  } finally {
    await app.close();
  }
});

import { expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { JournalRevisions } from './journal-revisions';

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

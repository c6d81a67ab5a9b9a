import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RereadingQueryClient } from './query-client';

/** A server whose answers the test releases one by one: each read returns what the data was when it began. */
function slowServer() {
  let value = 'before the change';
  const pending: Array<() => void> = [];
  let reads = 0;
  return {
    change: (next: string) => {
      value = next;
    },
    queryFn: () => {
      reads += 1;
      const answer = value;
      return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
    },
    answerAll: () => {
      for (const answer of pending.splice(0)) answer();
    },
    reads: () => reads,
  };
}

/** A RereadingQueryClient with a screen watching ['list'], whose first read is under way. */
function watchedList() {
  const client = new RereadingQueryClient();
  const server = slowServer();
  const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: server.queryFn });
  const stop = observer.subscribe(() => {});
  return { client, server, observer, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A screen watching the key while its first read is under way, the change, the invalidation, then the answers. */
async function invalidateDuringFirstRead(client: QueryClient) {
  const server = slowServer();
  const observer = new QueryObserver(client, { queryKey: ['reports', 'resolved'], queryFn: server.queryFn });
  const seen: Array<string | undefined> = [];
  const stop = observer.subscribe((result) => seen.push(result.data));
  await settle();
  expect(server.reads()).toBe(1);
  server.change('after the change');
  const invalidated = client.invalidateQueries({ queryKey: ['reports'] });
  server.answerAll();
  await invalidated;
  server.answerAll();
  await settle();
  stop();
  return { data: client.getQueryData(['reports', 'resolved']), reads: server.reads(), seen };
}

describe('invalidating after a change', () => {
  it('reads again a query whose first read began before the change', async () => {
    const { data, reads, seen } = await invalidateDuringFirstRead(new RereadingQueryClient());
    expect(data).toBe('after the change');
    expect(reads).toBe(2);
    // The screen never showed the answer from before the change.
    expect(seen).not.toContain('before the change');
  });

  it('is needed: TanStack Query alone keeps the first read’s answer', async () => {
    const { data, reads } = await invalidateDuringFirstRead(new QueryClient());
    expect(data).toBe('before the change');
    expect(reads).toBe(1);
  });

  it('hands whoever awaits the cancelled read the new one', async () => {
    const { client, server, stop } = watchedList();
    const awaited = client.fetchQuery({ queryKey: ['list'], queryFn: server.queryFn });
    await settle();
    server.change('after the change');
    const invalidated = client.invalidateQueries({ queryKey: ['list'] });
    server.answerAll();
    await invalidated;
    server.answerAll();
    await expect(awaited).resolves.toBe('after the change');
    stop();
  });

  it('leaves a query with no read under way to TanStack: one read per invalidation', async () => {
    const { client, server, stop } = watchedList();
    await settle();
    server.answerAll();
    await settle();
    expect(client.getQueryData(['list'])).toBe('before the change');
    server.change('after the change');
    const invalidated = client.invalidateQueries({ queryKey: ['list'] });
    server.answerAll();
    await settle();
    server.answerAll();
    await invalidated;
    expect(client.getQueryData(['list'])).toBe('after the change');
    expect(server.reads()).toBe(2);
    stop();
  });

  it('never leaves a watched first read without an answer when the invalidation asks for no refetch', async () => {
    const { client, server, observer, stop } = watchedList();
    await settle();
    server.change('after the change');
    await client.invalidateQueries({ queryKey: ['list'], refetchType: 'none' });
    server.answerAll();
    await settle();
    // TanStack's own behaviour here: the read under way answers, as asked.
    expect(observer.getCurrentResult().status).toBe('success');
    expect(server.reads()).toBe(1);
    stop();
  });

  it('drops a first read nobody watches (a prefetch), so the screen that comes for it reads anew', async () => {
    const client = new RereadingQueryClient();
    const server = slowServer();
    void client.prefetchQuery({ queryKey: ['track', 1], queryFn: server.queryFn });
    await settle();
    server.change('after the change');
    await client.invalidateQueries({ queryKey: ['track'] });
    server.answerAll();
    await settle();
    expect(client.getQueryData(['track', 1])).toBeUndefined();
    const observer = new QueryObserver(client, { queryKey: ['track', 1], queryFn: server.queryFn });
    const stop = observer.subscribe(() => {});
    await settle();
    server.answerAll();
    await settle();
    expect(client.getQueryData(['track', 1])).toBe('after the change');
    stop();
  });
});

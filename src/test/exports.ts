import { expect } from 'vitest';
import type { UserExport } from '../shared/schemas/exports';
import type { TestClient } from './build-test-app';

/** Asks for an export and waits until its job has made it ready (or failed); returns it. */
export async function exportAndWait(client: TestClient, timeoutMs = 30_000): Promise<UserExport> {
  const res = await client.post('/api/user/export');
  expect(res.statusCode).toBe(202);
  const { id, state } = res.json<{ id: string; state: string }>();
  expect(state).toBe('queued');
  return waitForExport(client, id, timeoutMs);
}

export async function waitForExport(client: TestClient, id: string, timeoutMs = 30_000): Promise<UserExport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await client.get('/api/user/exports')).json<UserExport[]>();
    const found = list.find((e) => e.id === id);
    if (found && (found.state === 'ready' || found.state === 'failed')) return found;
    if (Date.now() > deadline) throw new Error(`Export ${id} still ${found?.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

// INSTANCE_NAME (decision 0106): the cluster test tells the instances behind nginx apart by it.
describe('X-Instance', () => {
  let named: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    named = await buildTestApp({ config: { instanceName: 'web-2' } });
    plain = await buildTestApp();
  });
  afterAll(async () => {
    await named.close();
    await plain.close();
  });

  it('names the instance on answers, refusals and errors alike', async () => {
    const client = named.client();
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/tracks', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-instance'], url).toBe('web-2');
    }
  });

  it('is absent unless INSTANCE_NAME is set', async () => {
    const res = await plain.client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-instance']).toBeUndefined();
  });
});

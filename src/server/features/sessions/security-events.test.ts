import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../../shared/schemas/sessions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { securityEvents } from '../../db/schema';
import { browserAndOs, networkOf } from './device';
import { pruneSecurityEvents, recordExportEvent, recordSecurityEvent } from './security-events.service';

// Decision 0410: each person's security log, what writes to it, and its 90 days.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const eventsOf = async (client: TestClient) => {
  const res = await client.get('/api/user/security-events');
  expect(res.statusCode).toBe(200);
  return res.json<SecurityEvent[]>();
};
const DAY = 24 * 60 * 60 * 1000;

describe('the security log', () => {
  it('records a sign-in with its device and how (a demo sign-in here)', async () => {
    const browser = t.client();
    const res = await browser.request('POST', '/api/auth/demo-session', {
      headers: {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      remoteAddress: '198.51.100.23',
    });
    expect(res.statusCode).toBe(200);
    browser.resetCsrf();
    expect(await eventsOf(browser)).toEqual([
      {
        id: expect.any(Number),
        kind: 'sign_in',
        at: expect.any(String),
        detail: { browser: 'Chrome 131', os: 'macOS', network: '198.51.100.0/24', method: 'demo' },
      },
    ]);
  });

  it('records API keys and app passwords made and revoked, by name, never their secret', async () => {
    const owner = await t.signedInClient();
    const made = (await owner.post('/api/user/api-keys', { name: 'Symfonium' })).json();
    const password = (await owner.post('/api/user/api-keys', { name: 'Car', kind: 'app-password' })).json();
    expect((await owner.delete(`/api/user/api-keys/${made.id}`)).statusCode).toBe(204);
    const events = await eventsOf(owner);
    expect(events.map((e) => [e.kind, e.detail])).toEqual([
      ['api_key_revoked', { name: 'Symfonium', credentialKind: 'api-key' }],
      ['api_key_created', { name: 'Car', credentialKind: 'app-password' }],
      ['api_key_created', { name: 'Symfonium', credentialKind: 'api-key' }],
    ]);
    const raw = JSON.stringify(await t.db.select().from(securityEvents));
    expect(raw).not.toContain(made.key);
    expect(raw).not.toContain(password.key);
    // A refused revoke (someone else's key) writes nothing.
    const other = await t.signedInClient();
    expect((await other.delete(`/api/user/api-keys/${password.id}`)).statusCode).toBe(404);
    expect(await eventsOf(other)).toEqual([]);
  });

  it("is each person's own, newest first; exports are logged through recordExportEvent", async () => {
    const ada = await t.signedInClient();
    const bob = await t.signedInClient();
    await recordExportEvent(t.db, ada.userId, 'requested', { exportId: 'e1' });
    await recordExportEvent(t.db, ada.userId, 'downloaded', { exportId: 'e1', network: '192.0.2.0/24' });
    await recordSecurityEvent(t.db, bob.userId, 'sign_in', { method: 'google' });
    expect((await eventsOf(ada)).map((e) => [e.kind, e.detail])).toEqual([
      ['export_downloaded', { exportId: 'e1', network: '192.0.2.0/24' }],
      ['export_requested', { exportId: 'e1' }],
    ]);
    expect((await eventsOf(bob)).map((e) => e.kind)).toEqual(['sign_in']);
  });

  it('keeps 90 days: older events are pruned, and never shown meanwhile', async () => {
    const person = await t.signedInClient();
    for (const days of [1, 89, 91, 200]) {
      await t.db
        .insert(securityEvents)
        .values({ userId: person.userId, kind: 'sign_in', at: new Date(Date.now() - days * DAY) });
    }
    expect(await eventsOf(person)).toHaveLength(2);
    expect(await pruneSecurityEvents(t.db)).toBeGreaterThanOrEqual(2);
    const left = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, person.userId));
    expect(left.map((e) => Math.round((Date.now() - e.at.getTime()) / DAY)).sort((a, b) => a - b)).toEqual([
      1, 89,
    ]);
  });

  it('shows at most the newest 50', async () => {
    const person = await t.signedInClient();
    await t.db.insert(securityEvents).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: person.userId,
        kind: 'sign_in' as const,
        at: new Date(Date.now() - i * 60_000),
        detail: { network: `10.0.${i}.0/24` },
      })),
    );
    const events = await eventsOf(person);
    expect(events).toHaveLength(50);
    expect(events[0]!.detail.network).toBe('10.0.0.0/24');
  });
});

describe('device', () => {
  it('reads browser and system from a user agent; nothing from none or from a script', () => {
    expect(
      browserAndOs('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0'),
    ).toEqual({
      browser: 'Firefox 132',
      os: 'Windows 10',
    });
    expect(browserAndOs(undefined)).toEqual({ browser: null, os: null });
    expect(browserAndOs('  ')).toEqual({ browser: null, os: null });
    expect(browserAndOs('curl/8.5.0')).toEqual({ browser: null, os: null });
    // A huge header is cut before parsing, and gives a plain answer.
    expect(browserAndOs(`${'x'.repeat(100_000)} Firefox/132.0`)).toEqual({ browser: null, os: null });
  });

  it('keeps only the network of an address: IPv4 /24, IPv6 /48', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(networkOf('2001:0db8:0000:0001:0:0:0:1')).toBe('2001:db8::/48');
    expect(networkOf('2001:db8:a::')).toBe('2001:db8:a::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80::/48');
    expect(networkOf('not an address')).toBeNull();
    expect(networkOf(undefined)).toBeNull();
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';
import { allowFraming, securityHeadersPlugin } from './security-headers';

// Framing is granted per page (issue 41, decision 0545): a page that asked for it and then failed
// answers an error that refuses frames, like every other reply.
const app = Fastify({ logger: false });

beforeAll(async () => {
  await app.register(securityHeadersPlugin, {
    helmet: { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'"] } } },
  });
  await app.register(errorsPlugin);
  app.get('/framed', async (_request, reply) => allowFraming(reply).send('<p>player</p>'));
  app.get('/framed-then-failed', async (_request, reply) => {
    allowFraming(reply);
    throw new Error('the page could not be read');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('allowFraming', () => {
  it('lets any site frame the page that asks, and no other', async () => {
    const framed = await app.inject({ url: '/framed' });
    expect(framed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const other = await app.inject({ url: '/elsewhere' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('an error replacing a page that allowed framing refuses frames', async () => {
    const res = await app.inject({ url: '/framed-then-failed' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/frame-ancestors \*/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

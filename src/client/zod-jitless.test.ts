import { describe, expect, it } from 'vitest';

describe('zod without its eval probe (CSP script-src self)', () => {
  it('is set jitless on the config zod itself reads', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it('builds and parses an object schema without calling new Function', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    const original = globalThis.Function;
    let calls = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), plays: z.number() });
      expect(schema.parse({ name: 'Night Bus', plays: 3 })).toEqual({ name: 'Night Bus', plays: 3 });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toBe(0);
  });
});

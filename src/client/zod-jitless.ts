// Our Content-Security-Policy refuses eval (script-src 'self'). Zod probes for it with
// `new Function('')` whenever it builds an object schema, and the browser reports every refusal as
// a CSP issue (Lighthouse's best practices count it). The client never parses with zod at a rate
// where its JIT would matter: jitless, zod never probes. Set on zod's shared global config (what
// `z.config()` writes; zod-jitless.test.ts holds it to that) rather than through an import of zod,
// which would bring 22 KB into the first route. Imported first by main.tsx, before any chunk
// builds a schema.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

export {};

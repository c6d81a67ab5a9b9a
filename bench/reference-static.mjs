#!/usr/bin/env node
// The framework reference of client-asset-<n>c (decision 0955): bare Fastify 5 and @fastify/static
// on the built client's folder, as the library serves files at its best: a route per file, listed
// once at start (`wildcard: false`: no directory read per request), the build's .br and .gz copies
// sent to a browser that accepts them. No session, no rate limit, no log, no metrics: what is left
// of the app's time beyond this is its own.
// Started by bench/lib/asset-case.mjs: node bench/reference-static.mjs PORT CLIENT_DIR
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const [port, clientDir] = process.argv.slice(2);
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: clientDir, preCompressed: true, wildcard: false });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

// npm run openapi: regenerate the committed OpenAPI document from the route schemas (issue 15).
// src/server/openapi/openapi.test.ts fails while the committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { OPENAPI_FILE } from '../src/server/openapi/openapi-document';
import { generateOpenApiText } from '../src/test/openapi-text';

const text = await generateOpenApiText();
let before = '';
try {
  before = readFileSync(OPENAPI_FILE, 'utf8');
} catch {}
writeFileSync(OPENAPI_FILE, text);
const { paths } = JSON.parse(text) as { paths: Record<string, object> };
const operations = Object.values(paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
console.log(
  `${OPENAPI_FILE}: ${operations} operations on ${Object.keys(paths).length} paths, ${before === text ? 'unchanged' : 'updated'}`,
);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The OpenSubsonic specification kept in reference/ (its SOURCE.md), read for the /rest contract
 * test: every method it describes, and a validator of each method's JSON reply. Each schema file is
 * added under its own file URL as `$id`, so the specification's relative `$ref`s resolve as written.
 */
export const SPEC_DIR = fileURLToPath(
  new URL('../../reference/opensubsonic-openapi/openapi/', import.meta.url),
);

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const idOf = (file: string) => pathToFileURL(file).href;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}

export interface SpecMethod {
  name: string;
  /** The JSON reply's validator; undefined for a method whose success is bytes (stream, getCoverArt…). */
  validate?: ValidateFunction;
}

export function loadSpec(): { methods: SpecMethod[]; envelope: ValidateFunction } {
  // OpenAPI 3.0 flavoured JSON Schema (`example`, `externalDocs`…): not strict.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const endpoints = path.join(SPEC_DIR, 'endpoints');
  // The schemas: everything but the OpenAPI documents themselves (endpoints/*.json, responses/).
  for (const file of filesUnder(SPEC_DIR)) {
    const inEndpoints = path.dirname(file) === endpoints;
    if (!file.endsWith('.json') || inEndpoints || file.includes(`${path.sep}responses${path.sep}`)) continue;
    if (path.basename(file) === 'openapi.json') continue;
    ajv.addSchema({ ...readJson(file), $id: idOf(file) });
  }
  const schemaAt = (from: string, ref: string) => {
    const validate = ajv.getSchema(idOf(path.resolve(path.dirname(from), ref)));
    if (!validate) throw new Error(`no schema at ${ref} (from ${from})`);
    return validate;
  };
  const methods = readdirSync(endpoints)
    .filter((name) => name.endsWith('.json'))
    .map((name): SpecMethod => {
      const file = path.join(endpoints, name);
      const document = readJson(file) as { get?: Operation; post?: Operation };
      let where = file;
      let ok = (document.get ?? document.post)!.responses['200']!;
      if (ok.$ref) {
        where = path.resolve(path.dirname(file), ok.$ref);
        ok = readJson(where) as typeof ok;
      }
      const ref = ok.content?.['application/json']?.schema?.$ref;
      return { name: name.replace(/\.json$/, ''), validate: ref ? schemaAt(where, ref) : undefined };
    });
  return { methods, envelope: schemaAt(path.join(SPEC_DIR, 'schemas', 'x'), './SubsonicResponse.json') };
}

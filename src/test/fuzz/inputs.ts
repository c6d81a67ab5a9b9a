import fc from 'fast-check';
import { defOf } from './schema-walk';
import { junkJson, leaf, nastyNumber, nastyString, plainNumber, plainString } from './values';

/** Requests' parts for the route fuzz test: bodies near a schema, paths, queries, forms. */

/**
 * Values shaped almost like what the schema accepts: its keys, with values of the right type but
 * nasty content, and now and then the wrong type, so requests get past the first check and reach
 * the code behind it.
 */
export function nearSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 4) return junkJson;
  const inner = (s: unknown) => nearSchema(s, depth + 1);
  let close: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'pipe':
      return inner(def.in);
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'object': {
      const fields = Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, inner(v)]));
      const record = fc.record(fields, { requiredKeys: [] });
      close = fc.oneof(
        { weight: 5, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, nastyString, leaf)
            .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
        },
      );
      break;
    }
    case 'array':
      close = fc.array(inner(def.element), { maxLength: 6 });
      break;
    case 'record': {
      const keys = Object.values(defOf(def.keyType)?.entries ?? {}).map(String);
      const key = keys.length ? fc.oneof(fc.constantFrom(...keys), nastyString) : nastyString;
      close = fc.dictionary(key, inner(def.valueType), { maxKeys: 8 });
      break;
    }
    case 'enum':
      close = fc.oneof(fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })), nastyString);
      break;
    case 'literal':
      close = fc.constantFrom(...(def.values ?? [null]));
      break;
    case 'string':
      close = fc.oneof({ weight: 3, arbitrary: plainString }, { weight: 2, arbitrary: nastyString });
      break;
    case 'number':
    case 'int':
    case 'bigint':
      close = fc.oneof({ weight: 3, arbitrary: plainNumber }, { weight: 2, arbitrary: nastyNumber });
      break;
    case 'boolean':
      close = fc.boolean();
      break;
    default:
      return junkJson;
  }
  return fc.oneof({ weight: 10, arbitrary: close }, { weight: 1, arbitrary: junkJson });
}

/** Percent-encodes anything, lone surrogates included (as the WTF-8 bytes a raw client could send). */
export function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A path segment: percent-encoded, or (printable ASCII only) sent as typed. */
export const pathSegment = (values: fc.Arbitrary<string>) =>
  fc
    .tuple(values, fc.integer({ min: 0, max: 5 }))
    .map(([value, mode]) => (mode === 0 && /^[\x21-\x7e]*$/.test(value) ? value : encodeLoose(value)));

/** A query string over the given keys (and strangers), with repeated keys now and then. */
export function queryString(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : nastyString },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'q[]', '') },
  );
  return fc
    .array(fc.tuple(key, nastyString), { maxLength: 4 })
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&')}` : '',
    );
}

export type FileContent = 'wav' | 'png' | 'junk' | 'empty';

export type BodyInput =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string }
  | {
      kind: 'multipart';
      fields: [string, string][];
      file?: { field: string; name: string; content: FileContent };
    };

const RAW_BODIES: [string, string][] = [
  ['application/json', ''],
  ['application/json', '{'],
  ['application/json', 'nul\0'],
  ['application/json', '{"__proto__":{"isAdmin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', '1e400'],
  ['application/json; charset=utf-16', '{}'],
  ['application/json; charset=latin1', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'name=a%00b'],
  ['application/octet-stream', '\0\0\0'],
  ['multipart/form-data', 'no boundary'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
  ],
  ['multipart/form-data; boundary=x', '--x--'],
];

/**
 * A request body: JSON near the route's schema or of the wrong shape, raw bytes under various
 * content types, or a multipart form with a file and text fields (what the upload routes read).
 */
export function body(
  schema: unknown,
  fileFields: string[],
  textFields: string[],
  isUpload: boolean,
): fc.Arbitrary<BodyInput> {
  const fieldName = fc.oneof(
    { weight: 6, arbitrary: textFields.length ? fc.constantFrom(...textFields) : nastyString },
    { weight: 1, arbitrary: nastyString },
  );
  const fieldValue = fc.oneof({ weight: 1, arbitrary: plainString }, { weight: 3, arbitrary: nastyString });
  const multipart = fc.record(
    {
      fields: fc.uniqueArray(fc.tuple(fieldName, fieldValue), { maxLength: 4, selector: ([name]) => name }),
      file: fc.record({
        field: fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...fileFields) },
          { weight: 1, arbitrary: nastyString },
        ),
        name: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('take.wav', 'cover.png') },
          { weight: 1, arbitrary: nastyString },
        ),
        content: fc.constantFrom<FileContent>('wav', 'wav', 'png', 'png', 'junk', 'empty'),
      }),
    },
    { requiredKeys: isUpload ? ['fields', 'file'] : ['fields'] },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyInput>({ kind: 'none' }) },
    { weight: 6, arbitrary: nearSchema(schema).map((value): BodyInput => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: junkJson.map((value): BodyInput => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_BODIES)
        .map(([contentType, payload]): BodyInput => ({ kind: 'raw', contentType, payload })),
    },
    {
      weight: isUpload ? 12 : 2,
      arbitrary: multipart.map((form): BodyInput => ({ kind: 'multipart', ...form })),
    },
  );
}

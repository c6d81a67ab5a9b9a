import fc from 'fast-check';
import { INT4_MAX } from './schema-walk';

/**
 * Generators of bad input for the route fuzz test: the values that made the server answer 500
 * once (NUL bytes, ids past int4, empty patches, year -1000) and their relatives.
 */

const NASTY_TEXT = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\u0001',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009f',
  '\r\n',
  '\t',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '😀',
  '\u202eevil',
  '\ufeff',
  '\uffff',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '%00',
  '%',
  '%zz',
  '..',
  '../../etc/passwd',
  '/',
  '\\',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'ﷺ',
  'Ⅻ',
  'İ',
  'ß',
];

const NASTY_NUMBER_TEXT = [
  '0',
  '-0',
  '-1',
  '1.5',
  '1e3',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
  '1 ',
  '01',
  String(INT4_MAX),
  String(INT4_MAX + 1),
  String(-INT4_MAX - 2),
  '4294967296',
  '9007199254740993',
  '99999999999999999999999999',
];

const NASTY_DATES = [
  '-001000-01-01T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-30',
  '2024-13-01',
  '-1',
  '8640000000000000',
  'Sat, 01 Jan -1000 00:00:00 GMT',
];

const controlChar = fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c));
const BAD_CHARACTERS = ['\0', '\u0001', '\u0008', '\u001f', '\u007f', '\u0085', '\ud800', '\udc00'];

/** Text of every kind a client can send: plain, control characters, any code point, very long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD_CHARACTERS), fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT, ...NASTY_NUMBER_TEXT, ...NASTY_DATES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.string({ unit: controlChar, minLength: 1, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '😀', '\0'), fc.integer({ min: 100, max: 20_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** Numbers around every limit: int4, safe integers, fractions, huge and tiny. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    2,
    3,
    -1,
    0.5,
    1.5,
    INT4_MAX,
    INT4_MAX + 1,
    -INT4_MAX - 2,
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e300,
    -1e300,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Ordinary values, so that a request with one bad field still has good ones around it. */
export const plainString = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 24 });
export const plainNumber = fc.integer({ min: 1, max: 4 });

export const leaf: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
);

/** Any JSON value, nested a little: the wrong shape for whatever a route expects. */
export const junkJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, leaf, { maxKeys: 4 }) },
);

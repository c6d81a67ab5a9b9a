import { version as serverVersion } from '../../../../package.json';

/**
 * The Subsonic reply envelope (API 1.16.1 with the OpenSubsonic additions), in XML or JSON from
 * one description. A payload is a tree of plain objects as the protocol's JSON form has it: a
 * scalar property is an XML attribute, an object a child element, an array repeated child elements
 * (of text, for an array of scalars), and `value` an element's text.
 */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SUBSONIC_NAMESPACE = 'http://subsonic.org/restapi';
export const SERVER_TYPE = 'journal';

export type SubsonicScalar = string | number | boolean;
export interface SubsonicNode {
  [name: string]: SubsonicScalar | SubsonicNode | (SubsonicNode | SubsonicScalar)[] | null | undefined;
}
/** `f`: XML by default; `jsonp` wraps the JSON form in a call of the request's `callback`. */
export type SubsonicFormat = 'xml' | 'json' | { jsonp: string };

/** The protocol's error codes (issue 26 names the ones Journal answers). */
export const SubsonicCode = {
  generic: 0,
  missingParameter: 10,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

/** An error the client gets as `status="failed"` with its code, over HTTP 200 as clients expect. */
export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const missingParameter = (name: string) =>
  new SubsonicError(SubsonicCode.missingParameter, `Required parameter is missing: ${name}`);

/** 70: what is asked for does not exist, or is not the caller's to see (the same answer). */
export const notFound = (what: string) => new SubsonicError(SubsonicCode.notFound, `${what} not found`);

/** A parameter's value, or 10 (missing parameter) when it is absent. */
export function required(params: { get(name: string): string | undefined }, name: string): string {
  const value = params.get(name);
  if (value === undefined) throw missingParameter(name);
  return value;
}

export interface SubsonicBody {
  contentType: string;
  body: string;
}

/**
 * A JSONP callback as Subsonic clients name them (`cb`, `jQuery123_456`, `app.player.done`): a
 * dotted JavaScript name and nothing else, since it is written into a script unescaped.
 */
export const isJsonpCallback = (name: string) =>
  name.length <= 128 && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name);

/** The reply: `payload` on success, or the error. */
export function renderSubsonic(format: SubsonicFormat, payload: SubsonicNode | SubsonicError): SubsonicBody {
  const failed = payload instanceof SubsonicError;
  const content: SubsonicNode = failed
    ? { error: { code: payload.code, message: payload.message } }
    : payload;
  const head = {
    status: failed ? 'failed' : 'ok',
    version: SUBSONIC_API_VERSION,
    type: SERVER_TYPE,
    serverVersion,
    openSubsonic: true,
  };
  if (format !== 'xml') {
    const json = JSON.stringify({ 'subsonic-response': { ...head, ...content } });
    if (format === 'json') return { contentType: 'application/json; charset=utf-8', body: json };
    // U+2028/U+2029 are valid in JSON but ended a line in older JavaScript: escaped for any reader.
    const safe = json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    return { contentType: 'application/javascript; charset=utf-8', body: `${format.jsonp}(${safe});` };
  }
  const root = element('subsonic-response', { xmlns: SUBSONIC_NAMESPACE, ...head, ...content });
  return { contentType: 'text/xml; charset=utf-8', body: `<?xml version="1.0" encoding="UTF-8"?>\n${root}` };
}

// Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF): a name
// or note holding one would make the whole reply unreadable, so they are dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const escapeXml = (value: SubsonicScalar) =>
  String(value)
    .replace(NOT_XML, '')
    .replace(/[&<>"'\t\n\r]/g, (c) => ESCAPES[c]!);

function element(name: string, node: SubsonicNode | SubsonicScalar): string {
  if (typeof node !== 'object') return `<${name}>${escapeXml(node)}</${name}>`;
  let attributes = '';
  let children = '';
  for (const [key, value] of Object.entries(node)) {
    if (value === null || value === undefined) continue;
    if (key === 'value' && typeof value !== 'object') children += escapeXml(value);
    else if (Array.isArray(value)) children += value.map((item) => element(key, item)).join('');
    else if (typeof value === 'object') children += element(key, value);
    else attributes += ` ${key}="${escapeXml(value)}"`;
  }
  return children ? `<${name}${attributes}>${children}</${name}>` : `<${name}${attributes}/>`;
}

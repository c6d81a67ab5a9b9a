import { version as serverVersion } from '../../../../package.json';
import { routeTurns } from '../../db/route-turns';

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
  const root = rootOf(format, payload);
  return format === 'xml' ? xmlBody(element(XML_ROOT, root)) : jsonBody(format, JSON.stringify(root));
}

/** Arrays longer than this are rendered a piece at a time by renderSubsonicInTurns. */
export const ITEMS_A_TURN = 100;

/**
 * renderSubsonic's very text, with every array longer than ITEMS_A_TURN rendered ITEMS_A_TURN
 * items at a time and the loop handed back between pieces while other requests wait their turn
 * (mapInTurns): a sync page's 500 songs are five units of work instead of one, which held a health
 * check behind them (issue 48, decision 0937).
 */
export async function renderSubsonicInTurns(
  format: SubsonicFormat,
  payload: SubsonicNode | SubsonicError,
): Promise<SubsonicBody> {
  if (payload instanceof SubsonicError || !hasLongArray(payload)) return renderSubsonic(format, payload);
  const root = rootOf(format, payload);
  return format === 'xml' ? xmlBody(await xmlInTurns(root)) : jsonBody(format, await jsonText(root));
}

const XML_ROOT = 'subsonic-response';

async function jsonText(root: SubsonicNode): Promise<string> {
  const out: string[] = [];
  await jsonInTurns(root, out);
  return out.join('');
}

/** The envelope around the payload: in JSON an object named for it, in XML its root's content. */
function rootOf(format: SubsonicFormat, payload: SubsonicNode | SubsonicError): SubsonicNode {
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
  return format === 'xml'
    ? { xmlns: SUBSONIC_NAMESPACE, ...head, ...content }
    : { 'subsonic-response': { ...head, ...content } };
}

function jsonBody(format: Exclude<SubsonicFormat, 'xml'>, json: string): SubsonicBody {
  if (format === 'json') return { contentType: 'application/json; charset=utf-8', body: json };
  // U+2028/U+2029 are valid in JSON but ended a line in older JavaScript: escaped for any reader.
  const safe = json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return { contentType: 'application/javascript; charset=utf-8', body: `${format.jsonp}(${safe});` };
}

const xmlBody = (root: string): SubsonicBody => ({
  contentType: 'text/xml; charset=utf-8',
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${root}`,
});

const isPlainNode = (value: unknown): value is SubsonicNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The arrays longer than ITEMS_A_TURN that hang from `node` through objects alone, with their keys. */
function* longArrays(node: SubsonicNode): Generator<[string, (SubsonicNode | SubsonicScalar)[]]> {
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value)) {
      if (value.length > ITEMS_A_TURN) yield [key, value];
    } else if (isPlainNode(value)) yield* longArrays(value);
  }
}

const hasLongArray = (node: SubsonicNode) => !longArrays(node).next().done;

/** `items` ITEMS_A_TURN at a time, each piece's text by `render`, a unit of work each (mapInTurns). */
function piecesInTurns<T>(items: readonly T[], render: (piece: readonly T[]) => string): Promise<string[]> {
  const starts: number[] = [];
  for (let start = 0; start < items.length; start += ITEMS_A_TURN) starts.push(start);
  return routeTurns.mapInTurns(starts, 1, (start) => render(items.slice(start, start + ITEMS_A_TURN)));
}

/**
 * JSON.stringify's text of `value` as pieces in `out`, long arrays a piece at a time. The pieces are
 * joined once, at the end: each level joining its own copied the 460 kB of a sync page again.
 */
async function jsonInTurns(value: unknown, out: string[]): Promise<void> {
  if (Array.isArray(value) && value.length > ITEMS_A_TURN) {
    // A piece's items as JSON.stringify writes them in an array, without the brackets.
    const pieces = await piecesInTurns(value, (piece) => JSON.stringify(piece).slice(1, -1));
    out.push('[');
    for (const [index, piece] of pieces.entries()) out.push(index > 0 ? ',' : '', piece);
    out.push(']');
    return;
  }
  if (!isPlainNode(value) || !hasLongArray(value)) {
    out.push(JSON.stringify(value));
    return;
  }
  out.push('{');
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    // What JSON.stringify leaves out of an object.
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    out.push(first ? '' : ',', JSON.stringify(key), ':');
    first = false;
    await jsonInTurns(member, out);
  }
  out.push('}');
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

/**
 * `rendered`: the text of long lists rendered beforehand (xmlInTurns), by list and the key it hangs
 * from; every other list is rendered here.
 */
function element(name: string, node: SubsonicNode | SubsonicScalar, rendered?: RenderedLists): string {
  if (typeof node !== 'object') return `<${name}>${escapeXml(node)}</${name}>`;
  let attributes = '';
  let children = '';
  for (const [key, value] of Object.entries(node)) {
    if (value === null || value === undefined) continue;
    if (key === 'value' && typeof value !== 'object') children += escapeXml(value);
    else if (Array.isArray(value)) {
      const done = rendered?.get(value);
      children += done?.key === key ? done.text : value.map((item) => element(key, item, rendered)).join('');
    } else if (typeof value === 'object') children += element(key, value, rendered);
    else attributes += ` ${key}="${escapeXml(value)}"`;
  }
  return children ? `<${name}${attributes}>${children}</${name}>` : `<${name}${attributes}/>`;
}

type RenderedLists = Map<unknown[], { key: string; text: string }>;

/** element's text of the root, its long lists rendered a piece at a time first. */
async function xmlInTurns(root: SubsonicNode): Promise<string> {
  const rendered: RenderedLists = new Map();
  for (const [key, list] of longArrays(root)) {
    const pieces = await piecesInTurns(list, (piece) => piece.map((item) => element(key, item)).join(''));
    rendered.set(list, { key, text: pieces.join('') });
  }
  return element(XML_ROOT, root, rendered);
}

import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { trackUploadFieldsSchema } from '../../shared/schemas/tracks';
import type { Callers } from './callers';
import { type BodyInput, body, encodeLoose, type FileContent, pathSegment, queryString } from './inputs';
import { BAD_TEXT, isNumber, minimalValue, objectKeys, shapeOf, valuesPastLimits } from './schema-walk';
import { nastyString } from './values';
import { repairWorld, type World } from './world';

export interface Route {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

/** An upload route's file field and the file it takes (learned from the route itself). */
interface Upload {
  field: string;
  content: FileContent;
}

interface FuzzRequest {
  signedIn: boolean;
  params: string[];
  query: string;
  body: BodyInput;
}

/** One generated request as sent, for a verdict to judge and a failure to name. */
export interface Sent {
  method: string;
  url: string;
  signedIn: boolean;
  body: BodyInput;
}

/** What is wrong with a reply (undefined: nothing). */
export type Verdict = (
  sent: Sent,
  res: LightMyRequestResponse,
) => string | undefined | Promise<string | undefined>;

/** The fuzz test's verdict (issue 9): bad input gets a 4xx, never a 5xx. */
export const noServerError: Verdict = (_sent, res) =>
  res.statusCode >= 500 ? `answered ${res.statusCode}: ${res.body.slice(0, 200)}` : undefined;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What receive-upload answers when the file part is missing; it names the field to send. */
const NO_FILE = /No file was sent in the "([^"]+)" field/;
const BAD_ID_TEXT = ['2147483648', '99999999999999999999', '-1', '1.5', '1e400', 'a\0b'];
/** The text fields an upload form carries besides its file. */
const UPLOAD_FIELDS = Object.keys(trackUploadFieldsSchema.shape);

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

function fill(url: string, values: string[]) {
  let i = 0;
  return url.replace(/:(\w+)|\*/g, () => values[i++] ?? '1');
}

export const describeBody = (input: BodyInput) =>
  input.kind === 'json'
    ? JSON.stringify(input.value)?.slice(0, 300)
    : input.kind === 'multipart'
      ? JSON.stringify({ fields: input.fields, file: input.file }).slice(0, 300)
      : input.kind;

/**
 * Fuzzes one route at a time: first examples derived from its schemas (each field, parameter and
 * query key in turn set just past its limit, an empty body, each form field of an upload), then
 * generated requests; any 5xx fails with the request that caused it.
 */
export class RouteFuzzer {
  private readonly uploads = new Map<Route, Upload>();

  constructor(
    private readonly routes: Route[],
    private readonly callers: Callers,
    private readonly world: World,
  ) {}

  get uploadFields() {
    return [...this.uploads.values()].map((u) => u.field);
  }

  /** Sends file-less, then real, forms to POST routes without a JSON body, to learn what they take. */
  async probeUploads() {
    for (const route of this.routes) {
      if (route.method !== 'POST' || route.schema?.body || paramNames(route.url).length > 1) continue;
      for (const params of paramNames(route.url).length ? this.world.known.map((v) => [v]) : [[]]) {
        const url = fill(route.url, params.map(encodeURIComponent));
        const res = await this.callers.send(true, 'POST', url, { kind: 'multipart', fields: [] });
        const field = res.statusCode === 400 ? NO_FILE.exec(res.json().message ?? '')?.[1] : undefined;
        if (!field) continue;
        for (const content of ['wav', 'png'] as const) {
          const file = { field, name: `fuzz.${content}`, content };
          if (
            (await this.callers.send(true, 'POST', url, { kind: 'multipart', fields: [], file })).statusCode <
            300
          ) {
            this.uploads.set(route, { field, content });
          }
        }
        break;
      }
    }
  }

  private known(route: Route, name: string): string[] {
    const numeric = isNumber(shapeOf(route.schema?.params)[name]);
    const fitting = this.world.known.filter((value) => /^\d+$/.test(value) === numeric);
    return fitting.length ? fitting : this.world.known;
  }

  private generated(route: Route): fc.Arbitrary<FuzzRequest> {
    const upload = this.uploads.get(route);
    // An upload route reads its form's text fields; elsewhere any body field name will do.
    const textFields = upload
      ? UPLOAD_FIELDS
      : [...new Set(this.routes.flatMap((r) => objectKeys(r.schema?.body)))];
    const fileFields = upload ? [upload.field] : [...new Set([...this.uploadFields, 'file'])];
    const param = (name: string) =>
      pathSegment(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...this.known(route, name)) },
          { weight: 2, arbitrary: nastyString },
        ),
      );
    return fc.record({
      signedIn: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
      params: fc.tuple(...paramNames(route.url).map(param)),
      query: queryString(objectKeys(route.schema?.querystring)),
      body: BODY_METHODS.has(route.method)
        ? body(route.schema?.body, fileFields, textFields, upload !== undefined)
        : fc.constant<BodyInput>({ kind: 'none' }),
    });
  }

  /** Requests aimed at the known causes of 500s, derived from the route's schemas. */
  private examples(route: Route): FuzzRequest[] {
    const names = paramNames(route.url);
    const params = names.map((name) => encodeURIComponent(this.known(route, name)[0] ?? '1'));
    const base: FuzzRequest = { signedIn: true, params, query: '', body: { kind: 'none' } };
    const out: FuzzRequest[] = [base];
    names.forEach((name, i) => {
      const bad = isNumber(shapeOf(route.schema?.params)[name]) ? BAD_ID_TEXT : BAD_TEXT;
      for (const value of bad) out.push({ ...base, params: params.with(i, encodeLoose(value)) });
    });
    for (const key of objectKeys(route.schema?.querystring)) {
      for (const value of BAD_TEXT) out.push({ ...base, query: `?${key}=${encodeLoose(value)}` });
    }
    if (!BODY_METHODS.has(route.method)) return out;
    const json = (value: unknown): FuzzRequest => ({ ...base, body: { kind: 'json', value } });
    out.push(json({}), json(minimalValue(route.schema?.body)));
    out.push(...valuesPastLimits(route.schema?.body).map(json));
    const upload = this.uploads.get(route);
    if (upload) {
      const file = { field: upload.field, name: `fuzz.${upload.content}`, content: upload.content };
      for (const field of UPLOAD_FIELDS) {
        for (const value of BAD_TEXT) {
          out.push({ ...base, body: { kind: 'multipart', fields: [[field, value]], file } });
        }
      }
      out.push({ ...base, body: { kind: 'multipart', fields: [], file: { ...file, name: 'a\u0001b' } } });
    }
    return out;
  }

  /**
   * Runs one route; returns fast-check's report of the first failure, if any. `verdict` judges each
   * reply (default: no 5xx); `maxExamples` keeps only the first schema-derived examples (the
   * contract test's budget).
   */
  async fuzz(
    route: Route,
    seed: number,
    numRuns: number,
    { verdict = noServerError, maxExamples }: { verdict?: Verdict; maxExamples?: number } = {},
  ): Promise<string | undefined> {
    const property = fc.asyncProperty(this.generated(route), async (req) => {
      const url = fill(route.url, req.params) + req.query;
      const sent: Sent = { method: route.method, url, signedIn: req.signedIn, body: req.body };
      const res = await this.callers.send(req.signedIn, route.method, url, req.body);
      const problem = await verdict(sent, res);
      if (problem) {
        const who = req.signedIn ? 'signed in' : 'signed out';
        throw new Error(`${route.method} ${url} ${who} with ${describeBody(req.body)} ${problem}`);
      }
    });
    const examples = this.examples(route)
      .slice(0, maxExamples)
      .map((req): [FuzzRequest] => [req]);
    const details = await fc.check(property, { seed, numRuns: numRuns + examples.length, examples });
    await repairWorld(await this.callers.signedIn(), this.world);
    if (!details.failed) return undefined;
    return `${fc.defaultReportMessage(details)}\n${(details.errorInstance as Error | undefined)?.message ?? ''}`;
  }
}

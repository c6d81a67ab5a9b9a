import { STATUS_CODES } from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Holds replies to the committed openapi.json (issue 22, decision 0263): for the operation a
 * request names (method and path template), the reply's status must be declared (exactly, or by
 * its `4XX`/`5XX` range), its Content-Type one the status declares (no body where none is
 * declared), its JSON body valid against the declared schema (ajv, JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1), and its declared headers present when required and valid when sent.
 * A request no operation matches (an unknown path, a method the path lacks) must get an `ApiError`.
 */

type Schema = Record<string, unknown>;
interface Header {
  required?: boolean;
  schema?: Schema;
}
interface Response {
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, Header>;
}
interface Operation {
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const DOC_ID = 'https://journal.test/openapi.json';
/** JSON Pointer escaping, for a $ref into the document (`/` and `~` in paths and media types). */
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    addFormats(this.ajv);
    // Bytes the document describes, never JSON: nothing to check inside.
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(doc as object, DOC_ID);
  }

  /**
   * The operation for a concrete path: the template whose literal segments match it, the one with
   * the most literal segments when several do (`/api/tracks/storage` over `/api/tracks/{id}`).
   */
  findOperation(method: string, url: string): { template: string; operation?: Operation } | undefined {
    const segments = (url.split('?')[0] ?? '').split('/');
    let best: { template: string; literals: number } | undefined;
    for (const template of Object.keys(this.doc.paths)) {
      const parts = template.split('/');
      if (parts.length !== segments.length) continue;
      let literals = 0;
      const fits = parts.every((part, i) => {
        if (/^\{\w+\}$/.test(part)) return segments[i] !== '';
        literals++;
        return part === segments[i];
      });
      if (fits && (!best || literals > best.literals)) best = { template, literals };
    }
    if (!best) return undefined;
    return { template: best.template, operation: this.doc.paths[best.template]?.[method.toLowerCase()] };
  }

  /** What is wrong with this reply to `method url` (undefined: it conforms). */
  check(method: string, url: string, res: LightMyRequestResponse): string | undefined {
    const found = this.findOperation(method, url);
    if (!found?.operation) {
      // No operation: the router's own answer (404 handler, a framework error), an ApiError.
      if (res.statusCode < 400 || res.statusCode >= 500) return `status ${res.statusCode} for no operation`;
      return this.checkBody('#/components/schemas/ApiError', res);
    }
    const { template, operation } = found;
    const status = String(res.statusCode);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => operation.responses[k]);
    if (!key) {
      const declared = Object.keys(operation.responses).join(', ');
      return `status ${status} is not declared for ${method} ${template} (declared: ${declared})`;
    }
    const declared = operation.responses[key]!;
    const base = `${DOC_ID}#/${pointer('paths', template, method.toLowerCase(), 'responses', key)}`;
    return (
      this.checkHeaders(declared, base, res) ??
      this.checkContent(declared, base, res, `${method} ${template} ${key}`)
    );
  }

  private checkContent(declared: Response, base: string, res: LightMyRequestResponse, where: string) {
    const types = Object.keys(declared.content ?? {});
    const hasBody = res.rawPayload.length > 0;
    if (types.length === 0 || res.statusCode === 204 || res.statusCode === 304) {
      return hasBody ? `${where} declares no body, but one was sent: ${res.body.slice(0, 200)}` : undefined;
    }
    const sent = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const type = types.find(
      (t) => t === sent || t === '*/*' || (t.endsWith('/*') && sent.startsWith(t.slice(0, -1))),
    );
    if (!type) return `Content-Type "${sent}" is not one ${where} declares (${types.join(', ')})`;
    if (!type.includes('json')) return undefined;
    return this.checkBody(`${base}/${pointer('content', type, 'schema')}`, res);
  }

  private checkHeaders(declared: Response, base: string, res: LightMyRequestResponse) {
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = res.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) return `header ${name} is required but was not sent`;
        continue;
      }
      const schema = header.schema ?? {};
      const typed =
        schema.type === 'integer' && /^-?\d+$/.test(String(value)) ? Number(value) : String(value);
      const validate = this.validator(`${base}/${pointer('headers', name, 'schema')}`);
      if (!validate(typed))
        return `header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`;
    }
    return undefined;
  }

  private checkBody(ref: string, res: LightMyRequestResponse) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `the body is not JSON: ${res.body.slice(0, 200)}`;
    }
    const validate = this.validator(ref.startsWith('#') ? DOC_ID + ref : ref);
    if (validate(body)) return errorNameProblem(body, res.statusCode);
    return `the body does not match ${ref.replace(DOC_ID, '')}: ${this.ajv.errorsText(validate.errors)}\n  body: ${res.body.slice(0, 300)}`;
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

/** An error body repeats its status and names it as RFC 9110 does (ApiError's field descriptions). */
function errorNameProblem(body: unknown, status: number): string | undefined {
  if (status < 400 || !body || typeof body !== 'object' || !('error' in body)) return undefined;
  const { statusCode, error } = body as { statusCode?: unknown; error?: unknown };
  if (statusCode === status && error === STATUS_CODES[status]) return undefined;
  return `an error body must repeat the status and its name (${status} ${STATUS_CODES[status]}), not ${statusCode} ${JSON.stringify(error)}`;
}

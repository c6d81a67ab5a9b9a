import type { FastifyRequest } from 'fastify';

/**
 * A /rest request's parameters: the query string and, for a form POST (the OpenSubsonic formPost
 * extension), the body, read as they came, since the protocol repeats names (`songId=1&songId=2`).
 */
export class SubsonicParams {
  private readonly all: URLSearchParams;

  constructor(request: FastifyRequest) {
    const at = request.url.indexOf('?');
    this.all = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
    if (typeof request.body === 'string') {
      for (const [name, value] of new URLSearchParams(request.body)) this.all.append(name, value);
    }
  }

  /** The first value, or undefined when the parameter is absent. */
  get(name: string): string | undefined {
    return this.all.get(name) ?? undefined;
  }

  getAll(name: string): string[] {
    return this.all.getAll(name);
  }
}

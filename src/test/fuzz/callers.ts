import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../server/plugins/session';
import type { TestApp, TestClient } from '../build-test-app';
import type { BodyInput, FileContent } from './inputs';
import { PNG, WAV } from './world';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Client = TestClient & { userId?: string };

const FILE_BYTES: Record<FileContent, Buffer> = {
  wav: WAV,
  png: PNG,
  junk: Buffer.from('definitely not media \0\u00ff'),
  empty: Buffer.alloc(0),
};

/** Request options for a generated body, encoded the way a browser or a raw client would. */
async function encode(body: BodyInput): Promise<{ body?: unknown; headers?: Record<string, string> }> {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return {
        body: JSON.stringify(body.value) ?? 'null',
        headers: { 'content-type': 'application/json' },
      };
    case 'raw':
      return { body: body.payload, headers: { 'content-type': body.contentType } };
    case 'multipart': {
      const form = new FormData();
      for (const [key, value] of body.fields) form.append(key, value);
      if (body.file) {
        const type = body.file.content === 'wav' ? 'audio/wav' : 'image/png';
        const blob = new Blob([new Uint8Array(FILE_BYTES[body.file.content])], { type });
        form.append(body.file.field, blob, body.file.name);
      }
      const request = new Request('http://fuzz.invalid', { method: 'POST', body: form });
      return {
        body: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      };
    }
  }
}

/**
 * Routes that can end the caller's account, and with it the fuzz world (a generated body may well
 * repeat the username a generated profile edit just gave the owner): sent signed in as someone
 * new each time, so the route is still fuzzed and its replies still checked (decision 0420).
 */
const ACCOUNT_ENDING = new Set(['DELETE /api/user']);

/**
 * The two callers of the fuzz test: the owner of the fuzz world, signed in, and a signed-out
 * visitor. Both hold a CSRF token, so mutations get past the CSRF check to the route itself. A
 * request that changed the caller's session (sign-out, demo sign-in) gets that caller replaced, so
 * every request starts from the same standing.
 */
export class Callers {
  private owner: Client | undefined;
  private visitor: Client | undefined;

  constructor(
    private readonly t: TestApp,
    private readonly ownerId: string,
  ) {}

  async signedIn(): Promise<Client> {
    if (!this.owner) {
      this.owner = await this.t.signedInAs(this.ownerId);
      await this.owner.fetchCsrfToken();
    }
    return this.owner;
  }

  async signedOut(): Promise<Client> {
    if (!this.visitor) {
      this.visitor = this.t.client();
      await this.visitor.fetchCsrfToken();
    }
    return this.visitor;
  }

  async send(
    signedIn: boolean,
    method: string,
    url: string,
    body: BodyInput = { kind: 'none' },
  ): Promise<LightMyRequestResponse> {
    if (signedIn && ACCOUNT_ENDING.has(`${method} ${url.split('?')[0]}`)) {
      const someone = await this.t.signedInClient();
      return someone.request(method as Method, url, await encode(body));
    }
    const client = signedIn ? await this.signedIn() : await this.signedOut();
    const session = client.cookies.get(SESSION_COOKIE);
    const res = await client.request(method as Method, url, await encode(body));
    const changed =
      client.cookies.get(SESSION_COOKIE) !== session ||
      (method !== 'GET' && res.statusCode < 300 && !(await this.standsAsBefore(client, signedIn)));
    if (changed) {
      if (signedIn) this.owner = undefined;
      else this.visitor = undefined;
    }
    return res;
  }

  /** Still the owner (or still nobody) after a successful write: sign-out and sign-in routes change that. */
  private async standsAsBefore(client: Client, signedIn: boolean) {
    const me = await client.get('/api/auth/user');
    return signedIn ? me.statusCode === 200 && me.json().id === this.ownerId : me.statusCode === 401;
  }
}

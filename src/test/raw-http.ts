import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written by hand over a plain socket, so a test controls exactly which bytes
 * go out and when (a body that stalls, a body far larger than it says), and sees when the server
 * answers and when it closes the connection.
 */
export class RawHttpRequest {
  readonly socket: Socket;
  /** Body bytes written so far (after the head). */
  bytesSent = 0;
  /** Resolves with the first complete response. */
  readonly response: Promise<RawResponse>;
  /**
   * Resolves with the first response's status and headers as soon as they are in, whatever its body
   * (`response` waits for all of a Content-Length body); `body` is what came with them.
   */
  readonly head: Promise<RawResponse>;
  /** Resolves when the connection is closed (by either side). */
  readonly closed: Promise<void>;
  private received = Buffer.alloc(0);

  constructor(port: number, head: string) {
    this.socket = connect({ port, host: '127.0.0.1' });
    // The server may reset the connection while we are still writing: that is what is tested.
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.response = new Promise((resolve, reject) => {
      const tryParse = () => {
        const parsed = parseResponse(this.received);
        if (parsed) resolve(parsed);
      };
      this.socket.on('data', (chunk) => {
        this.received = Buffer.concat([this.received, chunk]);
        tryParse();
      });
      this.socket.once('close', () => {
        tryParse();
        reject(new Error(`connection closed without a full response: ${this.received.toString()}`));
      });
    });
    this.response.catch(() => {});
    this.head = new Promise((resolve, reject) => {
      const tryParse = () => {
        const parsed = parseResponse(this.received, { headOnly: true });
        if (parsed) resolve(parsed);
      };
      this.socket.on('data', tryParse);
      this.socket.once('close', () => {
        tryParse();
        reject(new Error(`connection closed without a response head: ${this.received.toString()}`));
      });
    });
    this.head.catch(() => {});
    this.socket.write(head);
  }

  /** Writes body bytes; resolves false once the connection is gone. */
  async write(data: Buffer): Promise<boolean> {
    if (this.socket.destroyed || !this.socket.writable) return false;
    this.bytesSent += data.length;
    const flushed = this.socket.write(data);
    if (!flushed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.socket.off('drain', done);
          this.socket.off('close', done);
          resolve();
        };
        this.socket.on('drain', done);
        this.socket.on('close', done);
      });
    }
    return !this.socket.destroyed && this.socket.writable;
  }

  destroy() {
    this.socket.destroy();
  }
}

function parseResponse(data: Buffer, options: { headOnly?: boolean } = {}): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = data.subarray(end + 4);
  if (body.length < length && !options.headOnly) return undefined;
  return {
    status: Number(statusLine?.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString(),
  };
}

/** The head of a multipart POST, with the session cookie and CSRF token of a signed-in client. */
export function multipartHead(options: {
  path: string;
  boundary: string;
  cookie: string;
  csrfToken: string;
  /** A number for Content-Length; 'chunked' for Transfer-Encoding: chunked. */
  length: number | 'chunked';
}): string {
  const framing =
    options.length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.length}`;
  return [
    `POST ${options.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: multipart/form-data; boundary=${options.boundary}`,
    framing,
    `Cookie: ${options.cookie}`,
    `X-CSRF-Token: ${options.csrfToken}`,
    '',
    '',
  ].join('\r\n');
}

/** The opening of a multipart file part. */
export const filePartHead = (boundary: string, field: string, filename: string, type: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );

/** One chunk of a chunked transfer encoding. */
export const chunk = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

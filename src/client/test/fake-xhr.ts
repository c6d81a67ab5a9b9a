/** An XMLHttpRequest the test answers by hand: `FakeXhr.sent` holds every request made. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  body: FormData | undefined;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  private handlers = new Map<string, Array<() => void>>();
  private progressHandlers: Array<(e: Partial<ProgressEvent>) => void> = [];
  upload = {
    addEventListener: (_type: string, fn: (e: Partial<ProgressEvent>) => void) => {
      this.progressHandlers.push(fn);
    },
  };
  method = '';
  url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(percent: number) {
    for (const fn of this.progressHandlers) fn({ lengthComputable: true, loaded: percent, total: 100 });
  }
  /** Reply headers by lower-case name (getResponseHeader reads them). */
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.responseHeaders = headers;
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const fn of this.handlers.get('load') ?? []) fn();
  }
}

import { vi } from 'vitest';

/** One request sent through the fake XMLHttpRequest; the test drives its progress and its answer. */
export class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly sent: FakeUpload[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
    this.sent.push(this);
  }
  /** The answer's headers: the fake's answers carry none (no X-Request-Id). */
  getResponseHeader(_name: string): string | null {
    return null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  /** Answers with a status and a JSON body. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Replaces XMLHttpRequest (what `upload` sends with); returns the requests as they are sent. */
export function mockUploads(): FakeUpload[] {
  const sent: FakeUpload[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUpload {
      constructor() {
        super(sent);
      }
    },
  );
  return sent;
}

import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (the uploads' way out; fetch is mocked separately): each request is
 * kept so that a test can see what was sent, report upload progress and answer it.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The uploaded file's name. */
  get fileName(): string {
    return (this.body?.get('file') as File | null)?.name ?? '';
  }

  /** Report that `loaded` of `total` bytes are sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Use FakeXhr for this test (setup.ts puts the real one back). */
export function stubXhr(): typeof FakeXhr {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

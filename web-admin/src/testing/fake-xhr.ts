import { onTestFinished, vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, the way out of uploads that report their progress. It hands each
 * request to `fetch`, so the test's `mockFetch` table answers it and records it (with its form) like
 * every other call. Before the answer it reports half of the body sent, after a successful answer
 * all of it; a handler that waits lets a test see a bar half-way.
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    const file = body.get('file');
    const total = file instanceof Blob ? Math.max(file.size, 1) : 1;
    // The answer comes after the events the real one would give first (not in `send` itself).
    queueMicrotask(() => {
      if (this.aborted) return;
      this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total } as ProgressEvent);
      fetch(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          if (this.aborted) return;
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseText = await response.text();
          if (response.ok) {
            this.upload.onprogress?.({ lengthComputable: true, loaded: total, total } as ProgressEvent);
          }
          this.onload?.();
        },
        () => {
          if (!this.aborted) this.onerror?.();
        },
      );
    });
  }

  abort() {
    if (this.aborted) return;
    this.aborted = true;
    this.onabort?.();
  }
}

/** Use FakeXhr for the rest of the test (afterwards the stubbed globals, fetch too, are the real ones again). */
export function stubXhr() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}

import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Reply = Response | ((request: RecordedRequest) => Response | Promise<Response>);

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const problem = (
  status: number,
  code: string,
  title: string,
  errors?: { path: string; message: string }[],
) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status, code, ...(errors ? { errors } : {}) }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/**
 * Replace `fetch` (the app's only way out) with a table of answers keyed by 'METHOD /path' (the
 * query string is part of the path). A key may hold a list of answers, used one after another (the
 * last one repeats). Unknown requests answer 404 so that tests notice them.
 */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const requests: RecordedRequest[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = `${url.pathname}${url.search}`;
    const headers = new Headers(init.headers);
    const request: RecordedRequest = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    requests.push(request);
    const key = `${method} ${path}`;
    const entry = routes[key] ?? routes[`${method} ${url.pathname}`];
    if (!entry) return problem(404, 'NOT_FOUND', `No mock for ${key}`);
    const list = Array.isArray(entry) ? entry : [entry];
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    const reply = list[Math.min(n, list.length - 1)]!;
    const response = typeof reply === 'function' ? await reply(request) : reply;
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** 'METHOD /path' of every request so far. */
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
  };
}

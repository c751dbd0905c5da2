/**
 * The portal's HTTP API as the browser journeys use it beside the browser: signing in, reading and
 * writing as a user, uploading a file, and moving the content service's test clock.
 */

export interface Problem {
  status: number;
  code: string;
  title: string;
  detail?: string;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  /** The total of a staff list (its Content-Range), else the length of the answer. */
  total: number;
  /** The problem+json body of a refusal. */
  problem: Problem | null;
}

export interface PortalApi {
  /** Signs in with the demo password; answers the access token. */
  signIn(email: string): Promise<string>;
  get<T>(token: string, path: string): Promise<ApiAnswer<T>>;
  post<T = unknown>(token: string, path: string, body: unknown): Promise<ApiAnswer<T>>;
  delete<T = unknown>(token: string, path: string): Promise<ApiAnswer<T>>;
  /** Uploads a file as a content asset for a purpose (article-image, image, attachment…). */
  upload(token: string, purpose: string, name: string, data: Buffer): Promise<ApiAnswer<unknown>>;
  /** Moves the content service's clock to a moment, or back to real time with null. */
  setContentClock(now: Date | null): Promise<void>;
}

const DEMO_PASSWORD = 'Demo-Portal-2026';

async function answer<T>(res: Response): Promise<ApiAnswer<T>> {
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as T;
  const range = res.headers.get('content-range')?.match(/\/(\d+)$/);
  const total = range ? Number(range[1]) : Array.isArray(body) ? body.length : 0;
  const problem = res.headers.get('content-type')?.includes('problem+json') ? (body as Problem) : null;
  return { status: res.status, body, total, problem };
}

export function portalApi(baseUrl: string): PortalApi {
  const call = async <T>(path: string, init: RequestInit, token?: string) =>
    answer<T>(
      await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
      }),
    );
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    async signIn(email) {
      const res = await call<{ accessToken: string }>(
        '/api/identity/login',
        json({ email, password: DEMO_PASSWORD }),
      );
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
      return res.body.accessToken;
    },
    get: (token, path) => call(path, { method: 'GET' }, token),
    post: (token, path, body) => call(path, json(body), token),
    delete: (token, path) => call(path, { method: 'DELETE' }, token),
    upload(token, purpose, name, data) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      return call(
        `/api/content/admin/assets?purpose=${encodeURIComponent(purpose)}`,
        { method: 'POST', body: form },
        token,
      );
    },
    async setContentClock(now) {
      const res = await call('/api/content/testing/clock', json({ now: now?.toISOString() ?? null }));
      if (res.status !== 200) throw new Error(`moving the content clock answered ${res.status}`);
    },
  };
}

/**
 * Mark the welcome dialog of each of the user's housing companies read (the journeys that are not
 * about it start without it covering the page).
 */
export async function dismissWelcomeDialogs(api: PortalApi, email: string): Promise<void> {
  const token = await api.signIn(email);
  const me = await api.get<{ hcs: { id: string }[] }>(token, '/api/identity/me');
  for (const hc of me.body.hcs) {
    const read = await api.post(token, '/api/identity/me/dialogs', {
      id: 'welcome-to-plus-dialog',
      projectId: hc.id,
    });
    if (read.status !== 204) throw new Error(`marking the welcome dialog read answered ${read.status}`);
  }
}

/** Mark everything in the users' inboxes read, so that a journey starts from an empty bell. */
export async function readAllNotifications(api: PortalApi, ...emails: string[]): Promise<void> {
  for (const email of emails) {
    const token = await api.signIn(email);
    const res = await api.post<{ unreadCount: number }>(token, '/api/notifications/inbox/read-all', {});
    if (res.body.unreadCount !== 0) throw new Error(`${email} still has ${res.body.unreadCount} unread`);
  }
}

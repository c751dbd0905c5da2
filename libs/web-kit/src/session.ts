import {
  type Issuer,
  TOKEN_REFRESH_WINDOW_SECONDS,
  type TokenResponse,
  type zTokenResponse,
} from '@porta/contracts';
import { answer, readProblem } from './answer.js';

/**
 * The browser side of a Porta session, shared by the resident and the staff app (both are served
 * from one origin, so one sign-in serves both). Tokens live in localStorage; the refresh token is
 * rotated by every refresh.
 */
export interface StoredSession {
  issuer: Issuer;
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  /**
   * The housing company this sign-in last worked in (the resident app asks for its features beside
   * /me on the next visit). Kept by refreshes, gone with the tokens.
   */
  housingCompanyId?: string;
  /** The language of that visit (the dashboard's data are asked in it beside /me). */
  language?: string;
}

const STORAGE_KEY = 'porta.session';
const REDIRECT_KEY = 'porta.redirectAfterLogin';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (state: SessionState) => void;
export type SessionState = 'signed-out' | 'active' | 'expired';

export class SessionClient {
  private refreshing: Promise<StoredSession | null> | null = null;
  private listeners = new Set<Listener>();
  private state: SessionState;

  constructor(
    private readonly baseUrl = '',
    private readonly storage: Storage = window.localStorage,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.state = this.read() ? 'active' : 'signed-out';
  }

  getState(): SessionState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  read(): StoredSession | null {
    const raw = this.storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredSession;
    } catch {
      return null;
    }
  }

  private setState(state: SessionState) {
    if (this.state === state) return;
    this.state = state;
    for (const l of this.listeners) l(state);
  }

  private store(
    tokens: TokenResponse,
    keep?: Pick<StoredSession, 'housingCompanyId' | 'language'>,
  ): StoredSession {
    const session: StoredSession = {
      issuer: tokens.issuer,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: this.now() + tokens.expiresIn * 1000,
      ...(keep?.housingCompanyId ? { housingCompanyId: keep.housingCompanyId } : {}),
      ...(keep?.language ? { language: keep.language } : {}),
    };
    this.storage.setItem(STORAGE_KEY, JSON.stringify(session));
    this.setState('active');
    return session;
  }

  /** Remove all tokens. `expired` marks the session expired instead of signed out. */
  clear(expired = false) {
    this.storage.removeItem(STORAGE_KEY);
    this.setState(expired ? 'expired' : 'signed-out');
  }

  /** Seconds until the access token expires (negative when past). */
  secondsLeft(): number {
    const s = this.read();
    return s ? Math.floor((s.expiresAt - this.now()) / 1000) : -1;
  }

  needsRefresh(): boolean {
    return this.secondsLeft() < TOKEN_REFRESH_WINDOW_SECONDS;
  }

  async login(email: string, password: string): Promise<StoredSession> {
    const tokens = answer<typeof zTokenResponse>(
      await this.raw('POST', '/api/identity/login', { email, password }, undefined),
    );
    return this.store(tokens);
  }

  /** Store tokens obtained elsewhere (the OpenID Connect code exchange). */
  accept(tokens: TokenResponse): StoredSession {
    return this.store(tokens);
  }

  async logout(): Promise<void> {
    const s = this.read();
    try {
      if (s) await this.raw('POST', '/api/identity/logout', { refreshToken: s.refreshToken }, s.accessToken);
    } finally {
      this.clear(false);
    }
  }

  /**
   * Refresh the tokens once, however many callers ask at the same time. A refusal marks the
   * session expired and clears the tokens (01 §4).
   */
  refresh(): Promise<StoredSession | null> {
    if (!this.refreshing) {
      this.refreshing = (async () => {
        const s = this.read();
        if (!s) return null;
        try {
          const tokens = answer<typeof zTokenResponse>(
            await this.raw(
              'POST',
              '/api/identity/token/refresh',
              { refreshToken: s.refreshToken },
              undefined,
            ),
          );
          return this.store(tokens, s);
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) {
            this.clear(true);
            return null;
          }
          throw err;
        }
      })().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  /** A valid access token, refreshed first when fewer than 900 seconds remain. */
  async accessToken(): Promise<string | null> {
    const s = this.read();
    if (!s) return null;
    if (this.needsRefresh()) return (await this.refresh())?.accessToken ?? null;
    return s.accessToken;
  }

  /**
   * A JSON request with the bearer token. A 401 answered to a signed-in user: see
   * afterUnauthorized (a stale token is refreshed and the request sent once more; otherwise the
   * session ended elsewhere and is marked expired).
   */
  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const token = await this.accessToken();
    try {
      return (await this.raw(method, path, body, token ?? undefined)) as T;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401 && token)) throw err;
      const fresh = await this.afterUnauthorized(err.code);
      if (!fresh) throw err;
      try {
        return (await this.raw(method, path, body, fresh)) as T;
      } catch (again) {
        if (again instanceof ApiError && again.status === 401) this.clear(true);
        throw again;
      }
    }
  }

  /**
   * A request that carried the token was answered 401. With TOKEN_EXPIRED the token may only be
   * stale — the user's roles changed, or it ran out early — so it is refreshed once: answers the
   * new token to send the request again with. Otherwise, or when the refresh is refused (the
   * session ended elsewhere: logout, deactivation), the session is marked expired and null
   * answered. Every caller that sends the token itself (downloads, uploads) goes through here.
   */
  async afterUnauthorized(code: string | undefined): Promise<string | null> {
    if (code !== 'TOKEN_EXPIRED') {
      this.clear(true);
      return null;
    }
    try {
      return (await this.refresh())?.accessToken ?? null;
    } catch {
      // The refresh could not be asked (network): the request's own error stands.
      return null;
    }
  }

  /**
   * Note the housing company this sign-in works in (null forgets it) and, when given, the language
   * it is read in; nothing without a session.
   */
  rememberHousingCompany(housingCompanyId: string | null, language?: string): void {
    const s = this.read();
    if (!s) return;
    const { housingCompanyId: _company, language: _language, ...rest } = s;
    const lang = language ?? s.language;
    const next: StoredSession = {
      ...rest,
      ...(housingCompanyId ? { housingCompanyId } : {}),
      ...(housingCompanyId && lang ? { language: lang } : {}),
    };
    if (next.housingCompanyId === s.housingCompanyId && next.language === s.language) return;
    this.storage.setItem(STORAGE_KEY, JSON.stringify(next));
  }

  rememberRoute(route: string) {
    this.storage.setItem(REDIRECT_KEY, route);
  }

  /** The route stored before sign-in, removed as it is read. */
  takeRememberedRoute(): string | null {
    const route = this.storage.getItem(REDIRECT_KEY);
    this.storage.removeItem(REDIRECT_KEY);
    return route?.startsWith('/') && !route.startsWith('//') ? route : null;
  }

  private raw(method: string, path: string, body: unknown, token: string | undefined): Promise<unknown> {
    return fetchJson(method, this.baseUrl + path, body, token);
  }
}

/**
 * A JSON request; the bearer token is added when given. Failures become ApiError: problem+json
 * answers keep their code, title and field errors; anything else gets a code from its status.
 * Without a token it serves the public endpoints used before a session exists.
 */
export async function fetchJson(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Content could not be loaded. Please refresh.');
  }
  const text = await res.text();
  if (!res.ok) throw apiErrorOf(res.status, text);
  return text ? safeJson(text) : undefined;
}

/**
 * The ApiError of a refused answer from its status and body: the problem+json's code, title and
 * field errors when the body is one, else `HTTP_<status>` (an HTML page of a proxy, an empty body).
 */
export function apiErrorOf(status: number, body: string): ApiError {
  const problem = readProblem(body ? safeJson(body) : undefined);
  return problem
    ? new ApiError(status, problem.code, problem.title, problem.errors ?? [])
    : new ApiError(status, `HTTP_${status}`, 'Something went wrong');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

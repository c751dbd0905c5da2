import { zProblem } from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { HttpError, fetchUtils } from 'react-admin';

export type HttpClient = (url: string, options?: fetchUtils.Options) => ReturnType<typeof fetchUtils.fetchJson>;

/**
 * fetchJson with the session's bearer token (refreshed first when it is about to expire).
 * Problem details (RFC 9457) become an HttpError whose message is the problem's title, which
 * react-admin shows. A 401 to a request that carried a token means the session ended: the tokens
 * are cleared and the session marked expired, as the resident app does.
 */
export function createHttpClient(session: SessionClient): HttpClient {
  return async (url, options = {}) => {
    const token = await session.accessToken();
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetchUtils.fetchJson(url, { ...options, headers });
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status === 401 && token) session.clear(true);
        const problem = zProblem.safeParse(error.body);
        if (problem.success) throw new HttpError(problem.data.title, error.status, problem.data);
      }
      throw error;
    }
  };
}

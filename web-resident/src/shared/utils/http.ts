import { ApiError, apiErrorOf, type SessionClient } from '@porta/web-kit';

type QueryValue = string | number | undefined | null;

/** `?a=1&b=2` of the defined values ('' when none). */
export function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A signed-in request that is not JSON in or out (a file to download, a multipart upload), with the
 * bearer token. Failures become ApiError as for `SessionClient.request`, and a 401 likewise means the
 * session ended elsewhere.
 */
export async function authorizedFetch(
  session: SessionClient,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const send = async (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    try {
      return await fetch(url, { ...init, headers });
    } catch {
      throw new ApiError(0, 'NETWORK', 'Content could not be loaded. Please refresh.');
    }
  };
  const token = await session.accessToken();
  let response = await send(token);
  if (response.status === 401 && token) {
    // A stale token is refreshed and the request sent once more; otherwise the session ended.
    const error = apiErrorOf(response.status, await response.text());
    const fresh = await session.afterUnauthorized(error.code);
    if (!fresh) throw error;
    response = await send(fresh);
    if (response.status === 401) session.clear(true);
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.text());
  return response;
}

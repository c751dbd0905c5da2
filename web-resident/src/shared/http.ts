import { zProblem } from '@porta/contracts';
import { ApiError } from '@porta/web-kit';

/**
 * A JSON request without credentials, for the public identity endpoints used before a session exists
 * (sign-in options, the OpenID Connect code exchange). Signed-in calls go through
 * `SessionClient.request`, which adds the bearer token and notices an expired session.
 *
 * Failures become the same `ApiError` as signed-in calls: problem+json answers keep their code and
 * title; anything else gets a generic code from its status.
 */
export async function publicRequest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Content could not be loaded. Please refresh.');
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const problem = zProblem.safeParse(data);
    if (problem.success) {
      throw new ApiError(res.status, problem.data.code, problem.data.title, problem.data.errors ?? []);
    }
    throw new ApiError(res.status, `HTTP_${res.status}`, 'Something went wrong');
  }
  return data;
}

import type { Problem } from '@porta/contracts';
import type { z } from 'zod';

/**
 * An answer of Porta's API as its contract types it (ADR 0021). Every service checks each answer
 * against the same contract before it sends it (the zod serializer of the service kit: an answer
 * that breaks its contract is a 500 at the service, never a body), and the apps are served by the
 * same deployment as the API, so the browser does not check the answer again: it would cost the
 * first load zod's whole classic build for a check the server has made. What comes from elsewhere
 * (a URL, storage, an error body a proxy may have written, a feature's free-form settings) is still
 * checked where it is read.
 *
 *   return answer<typeof zMeResponse>(await session.request('GET', '/api/identity/me'));
 */
export function answer<Contract extends z.ZodType>(data: unknown): z.output<Contract> {
  return data as z.output<Contract>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problem+json of a refused answer when the body is one (code and title strings, field errors
 * of path and message); null for anything else (an HTML page of a proxy, an empty body).
 */
export function readProblem(data: unknown): Pick<Problem, 'code' | 'title' | 'errors'> | null {
  if (!isRecord(data) || typeof data.code !== 'string' || typeof data.title !== 'string') return null;
  const errors = Array.isArray(data.errors)
    ? data.errors.filter(
        (e): e is { path: string; message: string } =>
          isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string',
      )
    : undefined;
  return { code: data.code, title: data.title, ...(errors ? { errors } : {}) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A UUID as the contracts' `zUuid` accepts it (RFC 9562 versions 1–8, the nil and the max UUID), read from an address. */
export function isUuid(value: string): boolean {
  return UUID.test(value) || /^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(value);
}

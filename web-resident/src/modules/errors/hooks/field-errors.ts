import { ApiError } from '@porta/web-kit';

/**
 * The field errors of a validation answer, keyed by the first segment of their path
 * (`/newPassword` → `newPassword`), limited to the fields a form has. The first error per field wins.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return out;
  for (const { path, message } of error.fieldErrors) {
    const field = path.replace(/^\//, '').split(/[./]/)[0] as F;
    if (fields.includes(field) && !out[field]) out[field] = message;
  }
  return out;
}

/** The error code of a failed request, if it has one. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

import { ERRORS, type ErrorCode, type Problem } from '@porta/contracts';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * The one error type services throw. The code is stable; status and the user-facing message come
 * from the catalogue in `@porta/contracts`. `detail` is shown to users only for 4xx answers.
 */
export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly detail: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: {
      detail?: string;
      errors?: FieldError[];
      cause?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERRORS[code].status;
    this.errors = options.errors;
    this.detail = options.detail;
    this.headers = options.headers;
  }

  toProblem(instance?: string, requestId?: string): Problem {
    return {
      type: `https://porta.dev/problems/${this.code.toLowerCase().replaceAll('_', '-')}`,
      title: this.message,
      status: this.status,
      code: this.code,
      ...(this.detail && this.status < 500 ? { detail: this.detail } : {}),
      ...(instance ? { instance } : {}),
      ...(requestId ? { requestId } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

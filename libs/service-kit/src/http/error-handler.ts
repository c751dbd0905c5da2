import type { ErrorCode } from '@porta/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BusRequestError } from '../bus/errors.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError, type FieldError } from '../errors.js';

export const PROBLEM = 'application/problem+json; charset=utf-8';

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return reply
    .status(error.status)
    .type(PROBLEM)
    .send(error.toProblem(request.url.split('?')[0], request.id));
}

/** Map anything thrown in a request to an AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext ?? 'body';
    const errors: FieldError[] = [];
    for (const issue of error.validation) {
      const params = issue.params as { keys?: string[] } | undefined;
      const base = [context, ...issue.instancePath.split('/').filter(Boolean)].join('.');
      if (issue.keyword === 'unrecognized_keys' && params?.keys) {
        for (const key of params.keys) errors.push({ path: `${base}.${key}`, message: 'Unknown field' });
      } else {
        errors.push({ path: base, message: issue.message ?? 'Value in field is not in correct format' });
      }
    }
    return new AppError('VALIDATION_FAILED', {
      detail: errors.map((e) => `${e.path}: ${e.message}`).join('; '),
      errors,
    });
  }
  // A connection to the database lost mid-request (or none to be had): the next try may well work.
  if (isDatabaseUnavailable(error)) return new AppError('UNAVAILABLE', { cause: error });
  // Another service did not answer over the bus (away, hung, or the broker out of reach); a
  // responder that answered with an error is a fault, not an outage.
  if (error instanceof BusRequestError && error.failure !== 'REMOTE') {
    return new AppError('TEMPORARILY_UNAVAILABLE', { cause: error });
  }
  const fe = error as Partial<FastifyError>;
  if (fe.code === 'FST_ERR_RESPONSE_SERIALIZATION') return new AppError('INTERNAL', { cause: error });
  const byCode: Record<string, ErrorCode> = {
    FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
    FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_JSON',
  };
  const mapped = fe.code ? byCode[fe.code] : undefined;
  if (mapped) return new AppError(mapped, { detail: fe.message, cause: error });
  if (error instanceof SyntaxError && fe.statusCode === 400)
    return new AppError('BAD_JSON', { cause: error });
  const status = fe.statusCode ?? 500;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', { cause: error });
  if (status === 429) return new AppError('RATE_LIMITED', { cause: error });
  if (status === 404) return new AppError('NOT_FOUND', { cause: error });
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
  if (status >= 400 && status < 500)
    return new AppError('VALIDATION_FAILED', { detail: fe.message, cause: error });
  return new AppError('INTERNAL', { cause: error });
}

/** problem+json for every error; 5xx answers never carry internals. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: appError.code, status: appError.status }, 'request refused');
    return sendProblem(request, reply, appError);
  });
  app.setNotFoundHandler({ preValidation: undefined, preHandler: undefined }, (request, reply) =>
    sendProblem(request, reply, new AppError('NOT_FOUND')),
  );
}

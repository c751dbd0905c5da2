import type { Socket } from 'node:net';
import type { ErrorCode } from '@porta/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { PROBLEM, sendProblem } from './error-handler.js';

/**
 * Input that no route's schema sees coming: text PostgreSQL cannot store (U+0000 in text and
 * jsonb, a lone surrogate in jsonb; both reached the database as a 500), an address whose
 * percent-encoding is not UTF-8, headers too long to read. Each is refused as problem+json before
 * anything else runs.
 */

const NUL = '\u0000';
/** Half of a surrogate pair without the other half: not Unicode, and jsonb refuses its escape. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why text cannot be stored, or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes(NUL)) return 'Must not contain the character U+0000';
  if (LONE_SURROGATE.test(text)) return 'Must be well-formed Unicode (a lone surrogate is not)';
  return null;
}

/**
 * An object of parsed input: a plain object, one without a prototype, or one whose prototype has
 * none (the query parser's objects). Buffers, streams and dates are not walked.
 */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Whether value holds text that cannot be stored anywhere: the cheap check every request makes. */
function holdsUnstorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (unstorable(v)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) pending.push(inner);
    } else if (v !== null && typeof v === 'object' && isPlainObject(v)) {
      for (const key in v) {
        if (unstorable(key)) return true;
        pending.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** A value met on the walk, with the way back to the root. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pathTo(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The first string (or object key) in value that cannot be stored, with its path as the error
 * handler names fields (`body.items.0.title`). Walks parsed JSON and query objects without
 * recursion, so that deeply nested input cannot exhaust the stack; anything that is not a plain
 * object, an array or a string (a proxied body's stream, a Buffer) is left alone.
 */
function firstUnstorable(value: unknown, base: string): { path: string; message: string } | null {
  const pending: Visit[] = [{ value, key: base, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const v = visit.value;
    if (typeof v === 'string') {
      const message = unstorable(v);
      if (message) return { path: pathTo(visit), message };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push({ value: v[i], key: String(i), parent: visit });
    } else if (v !== null && typeof v === 'object' && isPlainObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        const message = unstorable(key);
        // The key is the field's name: shown escaped, as it cannot be shown as it is.
        if (message) return { path: `${pathTo(visit)}.${JSON.stringify(key).slice(1, -1)}`, message };
        pending.push({ value: inner, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Refuse text that cannot be stored in any string of a request's params, query or JSON body with
 * 400 VALIDATION_FAILED naming the field, before the route's schema runs. No text field of Porta
 * has a use for U+0000 or a lone surrogate, and PostgreSQL cannot store them.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [name, value] of parts) {
      if (!holdsUnstorable(value)) continue;
      const { path, message } = firstUnstorable(value, name) ?? { path: name, message: 'Not storable' };
      done(new AppError('VALIDATION_FAILED', { detail: `${path}: ${message}`, errors: [{ path, message }] }));
      return;
    }
    done();
  });
}

/**
 * Fastify's framework errors (its `frameworkErrors` option): answered before any route or hook
 * runs, so the fixed headers, the request id and the access line are added here. A path whose
 * percent-encoding is not UTF-8 (/api/content/%C0%AF) is 400 VALIDATION_FAILED; a path parameter
 * longer than the router takes cannot name anything, so 404.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let appError: AppError;
    if (error.code === 'FST_ERR_BAD_URL') {
      const message = 'The address is not valid UTF-8 once decoded';
      appError = new AppError('VALIDATION_FAILED', {
        detail: `${message}.`,
        errors: [{ path: 'params', message }],
      });
    } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      appError = new AppError('NOT_FOUND');
    } else {
      appError = new AppError('INTERNAL', { cause: error });
      request.log.error({ err: error }, 'request failed');
    }
    reply.headers(headers).header('x-request-id', request.id);
    request.log.info({ method: request.method, url: request.url, status: appError.status }, 'request');
    return sendProblem(request, reply, appError);
  };
}

const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers or the address too long, a
 * malformed request line): the answer is written on the socket as problem+json with the fixed
 * headers, and the connection closed, as Node and Fastify do by default.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = CLIENT_ERRORS[error.code ?? ''] ?? 'VALIDATION_FAILED';
    const appError =
      code === 'VALIDATION_FAILED'
        ? new AppError(code, { detail: 'The request could not be read.' })
        : new AppError(code);
    if (socket.writable) {
      const body = JSON.stringify(appError.toProblem());
      const lines = [
        `HTTP/1.1 ${appError.status} ${REASONS[appError.status] ?? 'Bad Request'}`,
        `Content-Type: ${PROBLEM}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

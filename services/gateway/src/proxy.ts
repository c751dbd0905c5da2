import { PassThrough, Readable } from 'node:stream';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { type App, AppError, sendProblem } from '@porta/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * How the distributed gateway treats the services behind it when they fail: what it retries, what
 * it answers, and how it ends the live streams it passes on when it stops.
 */

type ReplyHooks = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

/**
 * Methods whose request may be sent twice without changing anything (RFC 9110 §9.2.2); the proxy
 * sends them without a body.
 */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The connection broke before the service answered (undici's "other side closed", or a reset). */
const BROKEN_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);
/**
 * The request never reached the service: nothing listens on its port (down or restarting), its
 * name or host cannot be found, or the connection could not be made in time.
 */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** Seconds a client is asked to wait before trying a service that is not reachable again. */
const UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/** The error code of a failure, looking through causes and the attempts of a multi-address connect. */
function errorCode(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && !code.startsWith('FST_')) return code;
  if (Array.isArray(errors) && errors.length) return errorCode(errors[0], depth + 1);
  return errorCode(cause, depth + 1);
}

/**
 * What is retried: once, and only a GET, HEAD or OPTIONS whose connection broke before the service
 * answered. That is the case of a kept-alive connection the service closed just as the request
 * went out, which a second attempt on a new connection almost always gets through; it is cheap
 * (the service did no work it would not do anyway) and safe (the method changes nothing). An
 * answer of the service, a 503 included, is never retried: it goes to the client as it is, so a
 * failing service gets one request per client request and the client hears of it at once (the
 * proxy's default retried a 503 up to ten times). Writes are never retried: the service may have
 * done them before the connection broke.
 */
export const retryDelay: NonNullable<ReplyHooks['retryDelay']> = (details) => {
  // reply-from's types say otherwise, but it passes the outgoing request's options as req and
  // the service's answer, when there is one, as res.
  const { err, res, attempt, req } = details as unknown as {
    err?: unknown;
    res?: unknown;
    attempt: number;
    req: { method: string };
  };
  if (res || !err || attempt >= 1 || !IDEMPOTENT.has(req.method)) return null;
  const code = errorCode(err);
  // 1 ms: at once (a delay of 0 would mean no retry).
  return code && BROKEN_CONNECTION.has(code) ? 1 : null;
};

/**
 * The answer when no answer came from the service, as problem+json: 503 with Retry-After when
 * the request never reached it (the service is down), 502 for any other failure (the connection
 * broke, the answer was not HTTP, the service took longer than undici's limits). The proxy's own
 * answer was a 500 for most of these.
 */
export const onUpstreamError: NonNullable<ReplyHooks['onError']> = (reply, { error }) => {
  const code = errorCode(error);
  const appError =
    code && NOT_REACHED.has(code)
      ? new AppError('UNAVAILABLE', {
          cause: error,
          headers: { 'retry-after': String(UNREACHABLE_RETRY_AFTER_SECONDS) },
        })
      : new AppError('UPSTREAM_FAILED', { cause: error });
  // reply-from has logged the failure (warn) already; the access line tells the status.
  const fastifyReply = reply as unknown as FastifyReply;
  void sendProblem(fastifyReply.request, fastifyReply, appError);
};

/**
 * Give the proxy the request body as a stream of its own. The proxy streams the client's request
 * to the service, and when the connection to the service fails undici destroys the body it was
 * given: with the client's request itself that cut the client's connection (a POST to a service
 * that is down got a reset instead of a 503). A client that leaves half-way still aborts the
 * upstream request.
 */
export function detachRequestBody(request: FastifyRequest) {
  const raw = request.body;
  if (!(raw instanceof Readable)) return;
  const body = new PassThrough();
  raw.pipe(body);
  raw.once('close', () => {
    if (!raw.readableEnded) body.destroy(new Error('the client left before its request was read'));
  });
  // The copy was dropped before the client had sent everything (the service could not be
  // reached): read the rest and throw it away, as Node does with a body nobody reads, so that the
  // client gets its answer and the connection is free again.
  body.once('close', () => {
    if (raw.readableEnded) return;
    raw.unpipe(body);
    raw.resume();
  });
  request.body = body;
}

/** The reconnection time (SSE `retry:`) given with the end of a stream at shutdown. */
const RECONNECT_AFTER_MS = 1000;
/** How long the shutdown waits for an ended stream to reach its client. */
const END_WAIT_MS = 1000;

interface OpenStream {
  end(): Promise<void>;
}

/**
 * The live streams (Server-Sent Events) passed on from the services. When the gateway stops they
 * are ended properly (the last chunk of the answer, after a `retry:` line asking the browser to
 * reconnect within a second) instead of being cut with the connection at the end of the grace
 * period, which browsers see as a network error. So app.close() finishes as soon as the requests
 * in flight are done, and EventSource reconnects at once to another gateway. The service behind
 * is told by the closed upstream connection, as when a browser leaves.
 */
export class ProxiedEventStreams {
  private readonly open = new Set<OpenStream>();
  private closing = false;

  /** End every stream when the gateway starts closing, before the server stops listening. */
  install(app: App) {
    app.addHook('preClose', async () => {
      this.closing = true;
      await Promise.all([...this.open].map((stream) => stream.end()));
    });
  }

  /** reply-from's onResponse: pass the answer on, keeping hold of event streams. */
  readonly onResponse: NonNullable<ReplyHooks['onResponse']> = (_request, reply, res) => {
    // reply-from passes the service's answer as { statusCode, headers, stream }.
    const { headers, stream } = res as unknown as { headers: Record<string, unknown>; stream: Readable };
    const type = String(headers['content-type'] ?? '');
    if (!type.startsWith('text/event-stream')) {
      reply.send(stream);
      return;
    }
    this.pass(reply as unknown as FastifyReply, stream);
  };

  private pass(reply: FastifyReply, upstream: Readable) {
    const out = new PassThrough();
    // The last two bytes passed on: a `retry:` line may only follow a complete event.
    let tail = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      tail = Buffer.concat([tail, chunk.subarray(-2)]).subarray(-2);
    });
    upstream.pipe(out);
    // The service's connection broke mid-stream: end the client's stream properly as well, so the
    // browser reconnects rather than reports an error.
    upstream.on('error', () => {
      if (!out.writableEnded) out.end();
    });
    const stream: OpenStream = {
      end: () =>
        new Promise<void>((resolve) => {
          if (out.writableEnded || out.destroyed) return resolve();
          upstream.unpipe(out);
          upstream.destroy();
          const timer = setTimeout(resolve, END_WAIT_MS);
          reply.raw.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          reply.raw.once('finish', () => {
            clearTimeout(timer);
            resolve();
          });
          out.end(tail.toString() === '\n\n' ? `retry: ${RECONNECT_AFTER_MS}\n\n` : undefined);
        }),
    };
    this.open.add(stream);
    // The client left, or the stream ended: let go of the service's side too.
    out.once('close', () => {
      this.open.delete(stream);
      if (!upstream.destroyed) upstream.destroy();
    });
    reply.send(out);
    // A stream that began while the gateway was already closing ends at once.
    if (this.closing) void stream.end();
  }
}

import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extractTraceContext, recordError, tracer } from './tracing.js';

interface RequestTrace {
  span: Span;
  ctx: ReturnType<typeof context.active>;
}

/**
 * Trace every request of a Fastify instance: a SERVER span per request, continuing the incoming
 * `traceparent`, active in hooks and the route handler (so events and jobs created while
 * handling carry it). Register it on the root instance before the routes.
 */
export function traceRequests<I extends Pick<FastifyInstance, 'addHook'>>(app: I): void {
  const traces = new WeakMap<FastifyRequest, RequestTrace>();
  const root = app as unknown as FastifyInstance;

  root.addHook('onRequest', (request, _reply, done) => {
    const parent = extractTraceContext(request.headers);
    const route = request.routeOptions.url;
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          [ATTR_URL_PATH]: request.url.split('?')[0] ?? request.url,
          ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
          'http.request.id': request.id,
        },
      },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    traces.set(request, { span, ctx });
    // Continue the request lifecycle inside the span's context.
    context.with(ctx, done);
  });

  // Body parsing runs in the socket's context; re-enter the span's context for the handler.
  root.addHook('preHandler', (request, _reply, done) => {
    const t = traces.get(request);
    if (t) context.with(t.ctx, done);
    else done();
  });

  root.addHook('onError', (request, _reply, error, done) => {
    const t = traces.get(request);
    if (t) recordError(t.span, error);
    done();
  });

  root.addHook('onResponse', (request, reply, done) => {
    const t = traces.get(request);
    if (t) {
      t.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      if (reply.statusCode >= 500) t.span.setStatus({ code: SpanStatusCode.ERROR });
      t.span.end();
      traces.delete(request);
    }
    done();
  });

  root.addHook('onRequestAbort', (request, done) => {
    const t = traces.get(request);
    if (t) {
      t.span.setStatus({ code: SpanStatusCode.ERROR, message: 'request aborted' });
      t.span.end();
      traces.delete(request);
    }
    done();
  });
}

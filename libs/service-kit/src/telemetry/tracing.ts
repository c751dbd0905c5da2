import {
  type Attributes,
  type Context,
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/** The tracer name of everything the kit traces. */
export const TRACER_NAME = '@porta/service-kit';

const w3c = new W3CTraceContextPropagator();

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/**
 * Headers carrying the current trace context (W3C `traceparent`/`tracestate`) merged into the
 * given ones. Nothing is added when no span is active.
 */
export function injectTraceHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const carrier: Record<string, string> = { ...headers };
  w3c.inject(context.active(), carrier, defaultTextMapSetter);
  return carrier;
}

/** The context described by W3C trace headers (the root context when they carry none). */
export function extractTraceContext(headers: Record<string, string | string[] | undefined>): Context {
  return w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/** Run fn in the trace context carried by the headers. */
export function withExtractedContext<T>(
  headers: Record<string, string | string[] | undefined>,
  fn: () => T,
): T {
  return context.with(extractTraceContext(headers), fn);
}

export interface SpanOptions {
  kind: SpanKind;
  attributes?: Attributes;
  /** Trace headers of the parent; without them the span continues the active context. */
  parentHeaders?: Record<string, string>;
}

/**
 * Run fn in a new active span, recording a thrown error on it. The span ends when fn settles.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parentHeaders ? extractTraceContext(options.parentHeaders) : context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes ?? {} }, parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (err) {
      recordError(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

export function recordError(span: Span, err: unknown): void {
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

export { SpanKind };

export { traceRequests } from './http.js';
export { bearerTokenMatches, counter, gauge, installMetrics, metricsRegistry } from './metrics.js';
export { startTelemetry, type Telemetry, type TelemetryOptions } from './provider.js';
export {
  extractTraceContext,
  injectTraceHeaders,
  inSpan,
  recordError,
  SpanKind,
  type SpanOptions,
  TRACER_NAME,
  tracer,
  withExtractedContext,
} from './tracing.js';

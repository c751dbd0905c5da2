import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP base address (as the OpenTelemetry env var); tracing is off without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  /**
   * Export to this exporter instead (spans are exported one by one). For tests, e.g. an
   * InMemorySpanExporter; it turns tracing on without an endpoint.
   */
  exporter?: SpanExporter;
  logger?: Logger;
}

export interface Telemetry {
  readonly enabled: boolean;
  /** Flush pending spans and unregister the provider. */
  shutdown(): Promise<void>;
}

let started = false;

/**
 * Start OpenTelemetry tracing for this process: a NodeTracerProvider registered globally (async
 * context and the W3C trace-context propagator) exporting over OTLP/HTTP. Without an endpoint
 * (and without a test exporter) tracing stays off and shutdown does nothing. One call per process.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  const logger = options.logger ?? silentLogger;
  const endpoint = options.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint && !options.exporter) return { enabled: false, shutdown: async () => undefined };
  if (started) {
    logger.warn({ serviceName: options.serviceName }, 'telemetry already started in this process');
    return { enabled: false, shutdown: async () => undefined };
  }
  const spanProcessor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint!.replace(/\/+$/, '')}/v1/traces` }));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [spanProcessor],
  });
  provider.register();
  started = true;
  logger.info({ serviceName: options.serviceName, endpoint }, 'tracing started');
  let stopped = false;
  return {
    enabled: true,
    async shutdown() {
      if (stopped) return;
      stopped = true;
      try {
        await provider.shutdown();
      } catch (err) {
        logger.error({ err, serviceName: options.serviceName }, 'tracing shutdown failed');
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
        started = false;
      }
    },
  };
}

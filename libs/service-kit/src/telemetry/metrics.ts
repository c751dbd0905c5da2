import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Metric, Registry } from 'prom-client';
import { policy } from '../auth/policy.js';
import { probeLogLevel } from '../http/health.js';

/**
 * The process's Prometheus metrics (prom-client). One registry per process: in the embedded mode
 * the services hosted by the gateway share it, and a metric asked for twice by name is the same
 * metric. Served at `/metrics` by every process (see installMetrics).
 */
export const metricsRegistry = new Registry();

function existing<T extends Metric>(name: string): T | undefined {
  return metricsRegistry.getSingleMetric(name) as T | undefined;
}

/** A counter of the process registry, made on first use. */
export function counter<L extends string = never>(name: string, help: string, labelNames: L[] = []) {
  return (
    existing<Counter<L>>(name) ?? new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] })
  );
}

/**
 * A gauge of the process registry, made on first use. `collect` (optional) sets its value when
 * the metrics are read; the first caller's collect is kept.
 */
export function gauge<L extends string = never>(
  name: string,
  help: string,
  labelNames: L[] = [],
  collect?: (g: Gauge<L>) => Promise<void> | void,
) {
  return (
    existing<Gauge<L>>(name) ??
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      ...(collect
        ? {
            async collect(this: Gauge<L>) {
              await collect(this);
            },
          }
        : {}),
    })
  );
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Does the request carry `Authorization: Bearer <token>` (compared in constant time)? */
export function bearerTokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus' text format. With METRICS_TOKEN set it answers only a scrape that
 * sends `Authorization: Bearer <token>`; without it only clients on this machine (the socket's
 * address, never X-Forwarded-For), so that the edge never shows its metrics to the internet.
 * Anyone else gets 404, as for a route that does not exist.
 */
export function installMetrics(app: FastifyInstance, options: { token?: string | undefined } = {}) {
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      config: { policy: policy.secret('Prometheus scrape: METRICS_TOKEN, or this machine without one') },
      logLevel: probeLogLevel(app),
    },
    async (request, reply) => {
      const allowed = options.token
        ? bearerTokenMatches(request, options.token)
        : LOOPBACK.test(request.socket.remoteAddress ?? '');
      if (!allowed) return reply.callNotFound();
      return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
    },
  );
}

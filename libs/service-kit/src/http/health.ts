import type { FastifyInstance, LogLevel } from 'fastify';
import { z } from 'zod';
import { policy } from '../auth/policy.js';

export type Readiness = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Add a check that /readyz runs; it throws when the dependency is not ready. A failed check
     * takes the process out of service only when the process cannot serve without it
     * (`critical`, the default: its own database); any other failure (the bus, the services
     * behind the gateway) degrades features, is reported, and keeps the process ready.
     */
    addReadinessCheck(name: string, check: Readiness, options?: { critical?: boolean }): void;
  }
}

const zHealth = z.object({ status: z.enum(['ok', 'degraded', 'unavailable']), service: z.string() });
const zReady = zHealth.extend({ checks: z.record(z.string(), z.enum(['ok', 'failed'])) });

/**
 * The log level of a probe's route: warn (its access lines are noise), but never louder than the
 * process logs (a silent process stays silent).
 */
export function probeLogLevel(app: FastifyInstance): LogLevel {
  const order = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  return order.indexOf(app.log.level) > order.indexOf('warn') ? (app.log.level as LogLevel) : 'warn';
}

export function installHealth(app: FastifyInstance, name: string) {
  const logLevel = probeLogLevel(app);
  const checks = new Map<string, { check: Readiness; critical: boolean }>();
  app.decorate('addReadinessCheck', (checkName: string, check: Readiness, options = {}) => {
    checks.set(checkName, { check, critical: options.critical ?? true });
  });
  app.get(
    '/healthz',
    {
      schema: { hide: true, response: { 200: zHealth } },
      config: { policy: policy.public('liveness probe') },
      logLevel,
    },
    async () => ({ status: 'ok' as const, service: name }),
  );
  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: zReady, 503: zReady } },
      config: { policy: policy.public('readiness probe') },
      logLevel,
    },
    async (request, reply) => {
      const results: Record<string, 'ok' | 'failed'> = {};
      let status = 'ok' as 'ok' | 'degraded' | 'unavailable';
      await Promise.all(
        [...checks].map(async ([checkName, { check, critical }]) => {
          try {
            await check();
            results[checkName] = 'ok';
          } catch (err) {
            request.log.warn({ err, check: checkName, critical }, 'readiness check failed');
            results[checkName] = 'failed';
            if (critical) status = 'unavailable';
            else if (status === 'ok') status = 'degraded';
          }
        }),
      );
      return reply
        .status(status === 'unavailable' ? 503 : 200)
        .send({ status, service: name, checks: results });
    },
  );
}

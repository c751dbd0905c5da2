import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { policy } from '../auth/policy.js';

export type Readiness = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Add a check that /readyz runs; it throws when the dependency is not ready. */
    addReadinessCheck(name: string, check: Readiness): void;
  }
}

const zHealth = z.object({ status: z.enum(['ok', 'unavailable']), service: z.string() });
const zReady = zHealth.extend({ checks: z.record(z.string(), z.enum(['ok', 'failed'])) });

export function installHealth(app: FastifyInstance, name: string) {
  const checks = new Map<string, Readiness>();
  app.decorate('addReadinessCheck', (checkName: string, check: Readiness) => {
    checks.set(checkName, check);
  });
  app.get(
    '/healthz',
    {
      schema: { hide: true, response: { 200: zHealth } },
      config: { policy: policy.public('liveness probe') },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const, service: name }),
  );
  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: zReady, 503: zReady } },
      config: { policy: policy.public('readiness probe') },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const results: Record<string, 'ok' | 'failed'> = {};
      await Promise.all(
        [...checks].map(async ([checkName, check]) => {
          try {
            await check();
            results[checkName] = 'ok';
          } catch (err) {
            request.log.warn({ err, check: checkName }, 'readiness check failed');
            results[checkName] = 'failed';
          }
        }),
      );
      const ok = Object.values(results).every((r) => r === 'ok');
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? ('ok' as const) : ('unavailable' as const), service: name, checks: results });
    },
  );
}

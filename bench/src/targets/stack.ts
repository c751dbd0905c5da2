import { buildGateway, zGatewayConfig } from '@porta/gateway';
import { loadConfig, policy, runService, servicePlugin } from '@porta/service-kit';
import { z } from 'zod';

/**
 * Scenario 3: a route that does no work, mounted like any Porta service (servicePlugin under
 * /api/bench, zod response schema, declared policy) inside the embedded gateway, so that a request
 * passes everything a real one does: createService() (request id, pino, policy enforcement,
 * problem errors, zod serializer) and the edge security (helmet, CORS, rate limit).
 */
const config = loadConfig(zGatewayConfig);
const gateway = await buildGateway(config);

await gateway.app.register(
  servicePlugin({
    name: 'bench',
    title: 'Porta benchmark stub',
    routes: (app) => {
      app.get(
        '/stub',
        {
          schema: { summary: 'Answers at once', response: { 200: z.object({ ok: z.boolean() }) } },
          config: { policy: policy.public('benchmark stub, no data') },
        },
        async () => ({ ok: true }),
      );
    },
  }),
);

await runService(gateway.app, {
  host: config.HOST,
  port: config.PORT,
  graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
  closeables: gateway.closeables,
});

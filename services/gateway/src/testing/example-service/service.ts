import { defineService, policy, serviceParts } from '@porta/service-kit';
import { z } from 'zod';

/**
 * The smallest Porta service: one declaration (docs/architecture.md, "Adding a service"). A real
 * one gives serviceParts its outbox and host() its migrations, consumers and jobs (start) and adds a
 * demo seed; this one has a setting and a route, which is enough for add-a-service.test.ts to show
 * that the gateway, its OpenAPI document, the cluster, docker-compose and its own process pick it up.
 */
export const exampleService = defineService({
  name: 'example',
  port: 3099,
  settings: z.object({
    /** What GET /api/example/greeting answers. */
    EXAMPLE_GREETING: z.string().min(1).default('Hei'),
  }),
  create: (runtime, config) =>
    serviceParts({ name: 'example', ...runtime }).host({
      title: 'Porta example',
      routes: (app) => {
        app.get(
          '/greeting',
          {
            schema: { summary: 'A greeting', response: { 200: z.object({ greeting: z.string() }) } },
            config: { policy: policy.public('a greeting for anyone') },
          },
          async () => ({ greeting: config.EXAMPLE_GREETING }),
        );
      },
    }),
});

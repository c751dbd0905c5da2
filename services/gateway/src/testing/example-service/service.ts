import { defineService, policy, servicePlugin } from '@porta/service-kit';
import { z } from 'zod';

/**
 * The smallest Porta service: one declaration (docs/architecture.md, "Adding a service"). A real
 * one adds its schema and migrations (migrate), its relay and consumers (start, stop), jobs and a
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
  create: (_runtime, config) => ({
    plugin: servicePlugin({
      name: 'example',
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
    migrate: async () => {},
    start: async () => {},
    stop: async () => {},
  }),
});

import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { policy } from '../auth/policy.js';
import type { App } from './create-service.js';

export interface ServicePluginOptions {
  /** The service name; its routes live under /api/<name>. */
  name: string;
  title: string;
  version?: string;
  /** Registers the service's routes. Paths are relative to /api/<name>. */
  routes: (app: App) => Promise<void> | void;
}

/**
 * Wraps a service's routes: mounts them under /api/<name>, collects their OpenAPI document
 * (served at /api/<name>/openapi.json) and keeps them in their own encapsulation context, so the
 * same plugin runs standalone or inside the embedded gateway.
 */
export function servicePlugin(options: ServicePluginOptions): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (parent) => {
    await parent.register(
      async (scoped) => {
        const app = scoped as unknown as App;
        await app.register(swagger, {
          openapi: {
            info: { title: options.title, version: options.version ?? '0.1.0' },
            components: {
              securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
            },
            security: [{ bearer: [] }],
          },
          transform: jsonSchemaTransform,
        });
        app.get(
          '/openapi.json',
          { schema: { hide: true }, config: { policy: policy.public('API description') } },
          async () => app.swagger(),
        );
        await options.routes(app);
      },
      { prefix: `/api/${options.name}` },
    );
  };
  return plugin;
}

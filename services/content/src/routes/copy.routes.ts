import { zCopyParams, zCopyRequest, zCopyResponse } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { ContentContext } from '../context.js';
import { copyContent } from '../domain/copy.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * Copy content to other housing companies (03 §2 /admin/content/copy/{entity}). The route admits
 * the admin area; the handler then requires the entity's own write policy (403 otherwise), targets
 * the caller may publish to and sources in the caller's scope (see domain/copy.ts).
 */
export async function copyRoutes(app: App, ctx: ContentContext) {
  app.post(
    '/admin/copy/:entity',
    {
      schema: {
        summary: 'Copy items to at most 5 other housing companies (with their images and attachments)',
        params: zCopyParams,
        body: zCopyRequest,
        response: { 201: zCopyResponse },
      },
      config: { policy: CONTENT_POLICIES.assetsUpload },
    },
    async (request, reply) => {
      const result = await copyContent(
        ctx,
        principalOf(request),
        request,
        request.params.entity,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );
}

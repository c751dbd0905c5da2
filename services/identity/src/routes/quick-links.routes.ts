import {
  languageOfLocale,
  zQuickLinksQuery,
  zQuickLinksResponse,
  zQuickLinksUpdateRequest,
} from '@porta/contracts';
import { type App, AppError, principalOf } from '@porta/service-kit';
import type { IdentityContext } from '../context.js';
import { getQuickLinks, saveQuickLinks } from '../domain/quick-links.js';
import { currentUser } from '../domain/self-service.js';
import { IDENTITY_POLICIES } from '../policies.js';

/** The dashboard quick links of the signed-in user, per housing company (project). */
export async function quickLinkRoutes(app: App, ctx: IdentityContext) {
  app.get(
    '/me/quick-links',
    {
      schema: {
        summary: 'The quick links of a housing company and the modules that may be chosen there',
        querystring: zQuickLinksQuery,
        response: { 200: zQuickLinksResponse },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request) => {
      const user = await currentUser(ctx, principalOf(request));
      const { projectId } = request.query;
      if (!projectId) throw new AppError('IDN_QUICK_LINKS_PROJECT_REQUIRED');
      return getQuickLinks(ctx, user.id, projectId, languageOfLocale(user.locale));
    },
  );

  app.put(
    '/me/quick-links',
    {
      schema: {
        summary: 'Replace the quick links of a housing company (at most 5, each module once)',
        body: zQuickLinksUpdateRequest,
        response: { 200: zQuickLinksResponse },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request) => {
      const user = await currentUser(ctx, principalOf(request));
      const { projectId, links } = request.body;
      if (!projectId) throw new AppError('IDN_QUICK_LINKS_PROJECT_REQUIRED');
      return saveQuickLinks(
        ctx,
        user.id,
        projectId,
        links.map((l) => l.moduleId),
        languageOfLocale(user.locale),
      );
    },
  );
}

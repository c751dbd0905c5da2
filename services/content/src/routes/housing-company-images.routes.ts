import { zHousingCompanyImage, zHousingCompanyImageWrite, zIdParam } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import {
  housingCompanyImageOf,
  removeHousingCompanyImage,
  setHousingCompanyImage,
  staffHousingCompany,
} from '../domain/housing-company-images.js';
import { readerFor } from '../domain/reader.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * A housing company's picture (one each): residents read their company's (the dashboard's card),
 * staff read it in the staff app and the housing-company editors set, replace and remove it. The
 * image is uploaded first (POST /admin/assets) and named here by its id.
 */
export async function housingCompanyImageRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/housing-companies/:id/image',
    {
      schema: {
        summary:
          "A housing company's picture (null without one); 404 unless the reader belongs to the company",
        params: zIdParam,
        response: { 200: zHousingCompanyImage },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const reader = await readerFor(ctx, principalOf(request), { housingCompanyId: request.params.id });
      return housingCompanyImageOf(ctx, reader.housingCompany.id);
    },
  );

  app.get(
    '/admin/housing-companies/:id/image',
    {
      schema: {
        summary: "A housing company's picture in the staff app (null without one)",
        params: zIdParam,
        response: { 200: zHousingCompanyImage },
      },
      config: { policy: CONTENT_POLICIES.housingCompanyImageRead },
    },
    async (request) => {
      const hc = await staffHousingCompany(ctx, principalOf(request), request.params.id);
      return housingCompanyImageOf(ctx, hc.id);
    },
  );

  app.put(
    '/admin/housing-companies/:id/image',
    {
      schema: {
        summary:
          "Set or replace a housing company's picture with an uploaded image (purpose image or article-image)",
        params: zIdParam,
        body: zHousingCompanyImageWrite,
        response: { 200: zHousingCompanyImage },
      },
      config: { policy: CONTENT_POLICIES.housingCompanyImageWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const hc = await staffHousingCompany(ctx, p, request.params.id);
      return setHousingCompanyImage(ctx, p, hc.id, request.body.imageId);
    },
  );

  app.delete(
    '/admin/housing-companies/:id/image',
    {
      schema: {
        summary: "Remove a housing company's picture (the resident app shows its designed fallback)",
        params: zIdParam,
        response: { 204: z.null() },
      },
      config: { policy: CONTENT_POLICIES.housingCompanyImageWrite },
    },
    async (request, reply) => {
      const hc = await staffHousingCompany(ctx, principalOf(request), request.params.id);
      await removeHousingCompanyImage(ctx, hc.id);
      return reply.status(204).send(null);
    },
  );
}

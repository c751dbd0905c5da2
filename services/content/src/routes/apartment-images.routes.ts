import {
  zApartmentImageList,
  zApartmentImages,
  zApartmentImagesWrite,
  zApartmentImageUpload,
  zIdParam,
  zUuid,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import {
  addApartmentImages,
  apartmentImagesFor,
  apartmentImagesOfCompany,
  removeApartmentImage,
} from '../domain/apartment-images.js';
import { staffHousingCompany } from '../domain/housing-company-images.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * Apartment images (03 §5, 02 §5): staff post a housing company's uploaded images (POST
 * /admin/assets?purpose=image first), matched to apartments by file name (`A 12__B 3__plan.png`);
 * staff list and remove them, an apartment's residents read theirs. Same doors and reach as the
 * company picture: another company's, or out of reach, answers 404.
 */
export async function apartmentImageRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/apartments/:apartmentId/images',
    {
      schema: {
        summary:
          "An apartment's images (matched by file name); 404 unless the reader has a role in the apartment or reaches its company as staff",
        params: z.object({ apartmentId: zUuid }),
        response: { 200: zApartmentImages },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => apartmentImagesFor(ctx, principalOf(request), request.params.apartmentId),
  );

  app.get(
    '/admin/housing-companies/:id/apartment-images',
    {
      schema: {
        summary: "A housing company's apartment images in the staff app, by apartment",
        params: zIdParam,
        response: { 200: zApartmentImageList },
      },
      config: { policy: CONTENT_POLICIES.housingCompanyImageRead },
    },
    async (request) => {
      const hc = await staffHousingCompany(ctx, principalOf(request), request.params.id);
      return apartmentImagesOfCompany(ctx, hc.id);
    },
  );

  app.post(
    '/admin/housing-companies/:id/apartment-images',
    {
      schema: {
        summary:
          'Add uploaded images to the apartments their file names name (identifiers__name, split on a double underscore); answers what became of each file',
        params: zIdParam,
        body: zApartmentImagesWrite,
        response: { 200: zApartmentImageUpload },
      },
      config: { policy: CONTENT_POLICIES.housingCompanyImageWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const hc = await staffHousingCompany(ctx, p, request.params.id);
      return addApartmentImages(ctx, p, hc.id, request.body.assetIds);
    },
  );

  app.delete(
    '/admin/housing-companies/:id/apartment-images/:imageId',
    {
      schema: {
        summary: 'Remove an apartment image',
        params: z.object({ id: zUuid, imageId: zUuid }),
        response: { 204: z.null() },
      },
      config: { policy: CONTENT_POLICIES.housingCompanyImageWrite },
    },
    async (request, reply) => {
      const hc = await staffHousingCompany(ctx, principalOf(request), request.params.id);
      await removeApartmentImage(ctx, hc.id, request.params.imageId);
      return reply.status(204).send(null);
    },
  );
}

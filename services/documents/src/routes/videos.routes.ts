import {
  zHousingCompanyParam,
  zVideo,
  zVideoBody,
  zVideoIdParam,
  zVideoList,
  zVideoListQuery,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { DocumentsContext } from '../context.js';
import { enterHousingCompany } from '../domain/access.js';
import { createVideo, deleteVideo, enterVideo, listVideos, updateVideo, videoOf } from '../domain/videos.js';
import { DOCUMENT_POLICIES } from '../policies.js';

/**
 * Introduction videos (02 §2, 03 §2 /admin/videos/{hcExtId}, 03 §7 /video): listed to everyone who
 * enters the housing company's documents; added, changed and deleted by its document managers
 * (others: 403 when they see the video, 404 when not).
 */
export async function videoRoutes(app: App, ctx: DocumentsContext) {
  app.get(
    '/housing-companies/:housingCompanyId/videos',
    {
      schema: {
        summary: 'The introduction videos of the housing company the caller sees',
        params: zHousingCompanyParam,
        querystring: zVideoListQuery,
        response: { 200: zVideoList },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        request.query.lang,
      );
      return listVideos(ctx, entry);
    },
  );

  app.post(
    '/housing-companies/:housingCompanyId/videos',
    {
      schema: {
        summary: 'Add an introduction video (document managers; 03 §7 POST /video)',
        params: zHousingCompanyParam,
        querystring: zVideoListQuery,
        body: zVideoBody,
        response: { 201: zVideo },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        request.query.lang,
      );
      const row = await createVideo(ctx, entry, request.body);
      return reply.status(201).send(videoOf(row, entry.language));
    },
  );

  app.put(
    '/videos/:id',
    {
      schema: {
        summary: 'Change an introduction video (document managers; 03 §7 PUT /video/{id})',
        params: zVideoIdParam,
        querystring: zVideoListQuery,
        body: zVideoBody,
        response: { 200: zVideo },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const place = await enterVideo(ctx, principalOf(request), request.params.id, request.query.lang);
      return videoOf(await updateVideo(ctx, place, request.body), place.entry.language);
    },
  );

  app.delete(
    '/videos/:id',
    {
      schema: {
        summary: 'Delete an introduction video (document managers; 03 §7 DELETE /video/{id})',
        params: zVideoIdParam,
        response: { 204: z.null() },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const { row } = await enterVideo(ctx, principalOf(request), request.params.id, undefined);
      await deleteVideo(ctx, row);
      return reply.status(204).send(null);
    },
  );
}

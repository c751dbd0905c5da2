import {
  zAdminStep,
  zAdminStepList,
  zAdminStepListQuery,
  zAdminStepWrite,
  zIdOrCodenameParam,
  zIdParam,
  zResidentContentQuery,
  zStepDetail,
  zStepList,
} from '@porta/contracts';
import { type App, listPage, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { steps } from '../db/schema.js';
import { assetRefs } from '../domain/assets.js';
import { readerFor } from '../domain/reader.js';
import {
  adminStepsOf,
  adminStepWhere,
  createStep,
  deleteStep,
  mayEditSteps,
  residentStep,
  residentSteps,
  stepInScope,
  stepOrder,
  toAdminStep,
  updateStep,
} from '../domain/steps.js';
import { CONTENT_POLICIES, contentScope } from '../policies.js';

/**
 * Lifecycle steps: the resident list and step page (/step/:id), and the staff CRUD under
 * /admin/steps (ra-data-simple-rest). Staff read the steps of their scope (yitUser all, other
 * admin-area roles their housing companies); only step editors change them.
 */
export async function stepRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/steps',
    {
      schema: {
        summary: 'Lifecycle steps of a housing company by start date ([] unless lifecycle steps are active)',
        querystring: zResidentContentQuery,
        response: { 200: zStepList },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => residentSteps(ctx, await readerFor(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/steps/:id',
    {
      schema: {
        summary: 'One lifecycle step (codename or id) with content, images and related content',
        params: zIdOrCodenameParam,
        querystring: zResidentContentQuery,
        response: { 200: zStepDetail },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) =>
      residentStep(ctx, await readerFor(ctx, principalOf(request), request.query), request.params.id),
  );

  app.get(
    '/admin/steps',
    {
      schema: {
        summary: 'List lifecycle steps (staff; filter by housing company)',
        querystring: zAdminStepListQuery,
        response: { 200: zAdminStepList },
      },
      config: { policy: CONTENT_POLICIES.stepsRead },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const { sort, range, filter } = request.query;
      const page = await listPage(ctx.db, steps, 'steps', {
        where: await adminStepWhere(ctx, contentScope(p), filter),
        orderBy: stepOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      return adminStepsOf(ctx, page.rows, mayEditSteps(p));
    },
  );

  app.get(
    '/admin/steps/:id',
    {
      schema: { summary: 'One lifecycle step (staff)', params: zIdParam, response: { 200: zAdminStep } },
      config: { policy: CONTENT_POLICIES.stepsRead },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await stepInScope(ctx, contentScope(p), request.params.id);
      return toAdminStep(row, await assetRefs(ctx.db, row.imageIds), ctx.clock.now(), mayEditSteps(p));
    },
  );

  app.post(
    '/admin/steps',
    {
      schema: {
        summary: 'Create a lifecycle step',
        body: zAdminStepWrite,
        response: { 201: zAdminStep },
      },
      config: { policy: CONTENT_POLICIES.stepsWrite },
    },
    async (request, reply) => {
      const row = await createStep(ctx, principalOf(request), request.body);
      return reply
        .status(201)
        .send(toAdminStep(row, await assetRefs(ctx.db, row.imageIds), ctx.clock.now(), true));
    },
  );

  app.put(
    '/admin/steps/:id',
    {
      schema: {
        summary: 'Replace a lifecycle step',
        params: zIdParam,
        body: zAdminStepWrite,
        response: { 200: zAdminStep },
      },
      config: { policy: CONTENT_POLICIES.stepsWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await stepInScope(ctx, contentScope(p), request.params.id);
      const updated = await updateStep(ctx, p, row, request.body);
      return toAdminStep(updated, await assetRefs(ctx.db, updated.imageIds), ctx.clock.now(), true);
    },
  );

  app.delete(
    '/admin/steps/:id',
    {
      schema: { summary: 'Delete a lifecycle step', params: zIdParam, response: { 204: z.null() } },
      config: { policy: CONTENT_POLICIES.stepsWrite },
    },
    async (request, reply) => {
      const p = principalOf(request);
      await stepInScope(ctx, contentScope(p), request.params.id);
      await deleteStep(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

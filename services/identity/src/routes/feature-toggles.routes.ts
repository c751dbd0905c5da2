import {
  type FeatureToggleRequest,
  parseFeatureSettings,
  zFeatureToggle,
  zFeatureToggleList,
  zFeatureToggleListQuery,
  zFeatureToggleParams,
  zFeatureToggleRequest,
} from '@porta/contracts';
import { type App, AppError, listPage, policy, sortBy } from '@porta/service-kit';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { featureToggles } from '../db/schema.js';
import { isUniqueViolation, toFeatureToggle } from '../domain/features.js';

const SORT_COLUMNS = {
  featureId: featureToggles.featureId,
  scope: featureToggles.scope,
  active: featureToggles.active,
  createdAt: featureToggles.createdAt,
  updatedAt: featureToggles.updatedAt,
} as const;

/** The columns a create or replace writes; settings get their defaults filled in. */
function columnsOf(body: FeatureToggleRequest) {
  const parsed = parseFeatureSettings(body.featureId, body.settings);
  // The request schema has validated the settings already; this only applies defaults.
  if (!parsed.success) throw new AppError('VALIDATION_FAILED');
  return {
    featureId: body.featureId,
    scope: body.scope,
    settings: parsed.data,
    active: body.active,
    visibleFrom: body.visibleFrom ? new Date(body.visibleFrom) : null,
    visibleUntil: body.visibleUntil ? new Date(body.visibleUntil) : null,
    languages: body.languages ?? null,
  };
}

function duplicate(body: FeatureToggleRequest, cause: unknown) {
  return new AppError('IDN_FEATURE_TOGGLE_EXISTS', {
    detail: `The feature ${body.featureId} already has a toggle for the scope ${body.scope}.`,
    errors: [{ path: 'body.scope', message: 'A toggle for this feature and scope exists' }],
    cause,
  });
}

/**
 * Feature toggles administration (03 §3, §7), admin only, in the ra-data-simple-rest convention:
 * list with sort, range and filter and a Content-Range total; get, create, replace and delete.
 */
export async function featureToggleRoutes(app: App, ctx: IdentityContext) {
  const adminPolicy = policy.anyRole('admin');

  app.get(
    '/admin/feature-toggles',
    {
      schema: {
        summary: 'List feature toggles (admin)',
        querystring: zFeatureToggleListQuery,
        response: { 200: zFeatureToggleList },
      },
      config: { policy: adminPolicy },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const where: SQL[] = [];
      if (filter?.featureId) where.push(eq(featureToggles.featureId, filter.featureId));
      if (filter?.scope) where.push(eq(featureToggles.scope, filter.scope));
      if (filter?.active !== undefined) where.push(eq(featureToggles.active, filter.active));
      if (filter?.id) where.push(filter.id.length ? inArray(featureToggles.id, filter.id) : sql`false`);
      const condition = where.length ? and(...where) : undefined;
      const [field, order] = sort ?? ['featureId', 'ASC'];
      const page = await listPage(ctx.db, featureToggles, 'feature-toggles', {
        where: condition,
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(featureToggles.scope), asc(featureToggles.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return page.rows.map(toFeatureToggle);
    },
  );

  app.get(
    '/admin/feature-toggles/:id',
    {
      schema: {
        summary: 'One feature toggle (admin)',
        params: zFeatureToggleParams,
        response: { 200: zFeatureToggle },
      },
      config: { policy: adminPolicy },
    },
    async (request) => {
      const [row] = await ctx.db
        .select()
        .from(featureToggles)
        .where(eq(featureToggles.id, request.params.id))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND');
      return toFeatureToggle(row);
    },
  );

  app.post(
    '/admin/feature-toggles',
    {
      schema: {
        summary: 'Create a feature toggle (admin)',
        body: zFeatureToggleRequest,
        response: { 201: zFeatureToggle },
      },
      config: { policy: adminPolicy },
    },
    async (request, reply) => {
      try {
        const [row] = await ctx.db.insert(featureToggles).values(columnsOf(request.body)).returning();
        return reply.status(201).send(toFeatureToggle(row!));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(request.body, error);
        throw error;
      }
    },
  );

  app.put(
    '/admin/feature-toggles/:id',
    {
      schema: {
        summary: 'Replace a feature toggle (admin)',
        params: zFeatureToggleParams,
        body: zFeatureToggleRequest,
        response: { 200: zFeatureToggle },
      },
      config: { policy: adminPolicy },
    },
    async (request) => {
      let row: typeof featureToggles.$inferSelect | undefined;
      try {
        [row] = await ctx.db
          .update(featureToggles)
          .set({ ...columnsOf(request.body), updatedAt: new Date() })
          .where(eq(featureToggles.id, request.params.id))
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(request.body, error);
        throw error;
      }
      if (!row) throw new AppError('NOT_FOUND');
      return toFeatureToggle(row);
    },
  );

  app.delete(
    '/admin/feature-toggles/:id',
    {
      schema: {
        summary: 'Delete a feature toggle (admin)',
        params: zFeatureToggleParams,
        response: { 200: zFeatureToggle },
      },
      config: { policy: adminPolicy },
    },
    async (request) => {
      const [row] = await ctx.db
        .delete(featureToggles)
        .where(eq(featureToggles.id, request.params.id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return toFeatureToggle(row);
    },
  );
}

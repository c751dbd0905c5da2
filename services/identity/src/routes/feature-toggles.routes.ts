import {
  type FeatureToggleRequest,
  parseFeatureSettings,
  zFeatureToggle,
  zFeatureToggleList,
  zFeatureToggleListQuery,
  zFeatureToggleParams,
  zFeatureToggleRequest,
} from '@porta/contracts';
import { type App, AppError, listPage, principalOf, sortBy, withTransaction } from '@porta/service-kit';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { featureToggles } from '../db/schema.js';
import { emitEvent, IDENTITY_EVENTS } from '../domain/events.js';
import {
  type FeatureToggleRow,
  isKnownFeatureScope,
  isUniqueViolation,
  toFeatureToggle,
} from '../domain/features.js';
import { IDENTITY_POLICIES } from '../policies.js';

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

/** The scope must be 'global' or the id of a building-taxonomy term. */
async function assertScope(ctx: IdentityContext, body: FeatureToggleRequest) {
  if (await isKnownFeatureScope(ctx.db, body.scope)) return;
  throw new AppError('IDN_FEATURE_SCOPE_UNKNOWN', {
    detail: `${body.scope} is not a building taxonomy term.`,
    errors: [{ path: 'body.scope', message: 'No building taxonomy term with this id' }],
  });
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
 * A toggle is global or belongs to a building-taxonomy term; every change is published as
 * identity.feature-toggle.changed (with the toggle as it is now, or as it was when deleted).
 */
export async function featureToggleRoutes(app: App, ctx: IdentityContext) {
  const adminPolicy = IDENTITY_POLICIES.featureToggles;

  /** Write a toggle change and its event together; publish after commit. */
  async function change(
    kind: 'created' | 'updated' | 'deleted',
    by: string,
    write: (tx: IdentityContext['db']) => Promise<FeatureToggleRow | undefined>,
  ) {
    const row = await withTransaction(ctx.db, async (tx) => {
      const written = await write(tx);
      if (written) {
        await emitEvent(tx, IDENTITY_EVENTS.featureToggleChanged, {
          change: kind,
          toggle: toFeatureToggle(written),
          by,
        });
      }
      return written;
    });
    if (row) {
      ctx.features.clear();
      ctx.kickEvents();
    }
    return row;
  }

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
      await assertScope(ctx, request.body);
      try {
        const row = await change('created', principalOf(request).userId, async (tx) => {
          const [inserted] = await tx.insert(featureToggles).values(columnsOf(request.body)).returning();
          return inserted;
        });
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
      await assertScope(ctx, request.body);
      let row: FeatureToggleRow | undefined;
      try {
        row = await change('updated', principalOf(request).userId, async (tx) => {
          const [updated] = await tx
            .update(featureToggles)
            .set({ ...columnsOf(request.body), updatedAt: new Date() })
            .where(eq(featureToggles.id, request.params.id))
            .returning();
          return updated;
        });
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
      const row = await change('deleted', principalOf(request).userId, async (tx) => {
        const [deleted] = await tx
          .delete(featureToggles)
          .where(eq(featureToggles.id, request.params.id))
          .returning();
        return deleted;
      });
      if (!row) throw new AppError('NOT_FOUND');
      return toFeatureToggle(row);
    },
  );
}

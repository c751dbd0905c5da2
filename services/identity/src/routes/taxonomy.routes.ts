import {
  zTaxonomyGroupParams,
  zTaxonomyGroupResponse,
  zTaxonomyTerm,
  zTaxonomyTermCreate,
  zTaxonomyTermList,
  zTaxonomyTermListQuery,
  zTaxonomyTermParams,
  zTaxonomyTermUpdate,
} from '@porta/contracts';
import { type App, listPage, sortBy } from '@porta/service-kit';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { taxonomyTerms } from '../db/schema.js';
import { containsPattern } from '../domain/housing-companies.js';
import {
  createTerm,
  deleteTerm,
  getTermOr404,
  taxonomyGroupTree,
  toTaxonomyTerm,
  updateTerm,
} from '../domain/taxonomy.js';
import { IDENTITY_POLICIES } from '../policies.js';

const SORT_COLUMNS = {
  name: taxonomyTerms.name,
  codename: taxonomyTerms.codename,
  group: taxonomyTerms.group,
  createdAt: taxonomyTerms.createdAt,
  updatedAt: taxonomyTerms.updatedAt,
} as const;

/**
 * Taxonomy terms (03 §3): a group's nested terms for everyone signed in, and the staff
 * administration of terms (admin writes).
 */
export async function taxonomyRoutes(app: App, ctx: IdentityContext) {
  app.get(
    '/taxonomy/:group',
    {
      schema: {
        summary:
          'The terms of a taxonomy group, nested; 404 No taxonomies found for an unknown or empty group',
        params: zTaxonomyGroupParams,
        response: { 200: zTaxonomyGroupResponse },
      },
      config: { policy: IDENTITY_POLICIES.taxonomyRead },
    },
    async (request) => taxonomyGroupTree(ctx.db, request.params.group),
  );

  app.get(
    '/admin/taxonomy-terms',
    {
      schema: {
        summary: 'List taxonomy terms, flat (filter group, q, parentId)',
        querystring: zTaxonomyTermListQuery,
        response: { 200: zTaxonomyTermList },
      },
      config: { policy: IDENTITY_POLICIES.taxonomyRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const where: SQL[] = [];
      if (filter?.group) where.push(eq(taxonomyTerms.group, filter.group));
      if (filter?.q) {
        const p = containsPattern(filter.q);
        where.push(
          or(
            ilike(taxonomyTerms.name, p),
            ilike(taxonomyTerms.codename, p),
            ilike(taxonomyTerms.externalId, p),
          )!,
        );
      }
      if (filter?.parentId === null) where.push(isNull(taxonomyTerms.parentId));
      else if (filter?.parentId) where.push(eq(taxonomyTerms.parentId, filter.parentId));
      if (filter?.id) where.push(filter.id.length ? inArray(taxonomyTerms.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['name', 'ASC'];
      const page = await listPage(ctx.db, taxonomyTerms, 'taxonomy-terms', {
        where: where.length ? and(...where) : undefined,
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(taxonomyTerms.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return page.rows.map(toTaxonomyTerm);
    },
  );

  app.get(
    '/admin/taxonomy-terms/:id',
    {
      schema: { summary: 'One taxonomy term', params: zTaxonomyTermParams, response: { 200: zTaxonomyTerm } },
      config: { policy: IDENTITY_POLICIES.taxonomyRead },
    },
    async (request) => toTaxonomyTerm(await getTermOr404(ctx.db, request.params.id)),
  );

  app.post(
    '/admin/taxonomy-terms',
    {
      schema: {
        summary: 'Create a taxonomy term (admin)',
        body: zTaxonomyTermCreate,
        response: { 201: zTaxonomyTerm },
      },
      config: { policy: IDENTITY_POLICIES.taxonomyManage },
    },
    async (request, reply) => {
      const row = await createTerm(ctx.db, request.body);
      ctx.features.clear();
      ctx.kickEvents();
      return reply.status(201).send(toTaxonomyTerm(row));
    },
  );

  app.put(
    '/admin/taxonomy-terms/:id',
    {
      schema: {
        summary: 'Update a taxonomy term (admin)',
        params: zTaxonomyTermParams,
        body: zTaxonomyTermUpdate,
        response: { 200: zTaxonomyTerm },
      },
      config: { policy: IDENTITY_POLICIES.taxonomyManage },
    },
    async (request) => {
      const row = await updateTerm(ctx.db, request.params.id, request.body);
      ctx.features.clear();
      ctx.kickEvents();
      return toTaxonomyTerm(row);
    },
  );

  app.delete(
    '/admin/taxonomy-terms/:id',
    {
      schema: {
        summary: 'Delete a taxonomy term and the terms nested under it (admin)',
        params: zTaxonomyTermParams,
      },
      config: { policy: IDENTITY_POLICIES.taxonomyManage },
    },
    async (request, reply) => {
      await deleteTerm(ctx.db, request.params.id);
      ctx.features.clear();
      ctx.kickEvents();
      return reply.status(204).send();
    },
  );
}

import {
  DEFAULT_LANGUAGE,
  HOUSING_COMPANY_PARTNER_TYPES,
  zAdminHousingCompany,
  zAdminHousingCompanyCreate,
  zAdminHousingCompanyFeaturesQuery,
  zAdminHousingCompanyList,
  zAdminHousingCompanyListQuery,
  zAdminHousingCompanyParams,
  zAdminHousingCompanyUpdate,
  zHousingCompanyPartner,
  zHousingCompanyPartnerDeleteParams,
  zHousingCompanyPartnerList,
  zHousingCompanyPartnerParams,
  zHousingCompanyPartnerSet,
  zUserFeaturesResponse,
} from '@porta/contracts';
import { type App, AppError, listPage, principalOf } from '@porta/service-kit';
import type { FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context.js';
import { housingCompanies } from '../db/schema.js';
import { userFeatures } from '../domain/features.js';
import {
  createHousingCompany,
  getHousingCompanyOr404,
  HOUSING_COMPANY_READERS,
  housingCompanyListWhere,
  housingCompanyOrder,
  housingCompanyScope,
  listHousingCompanyPartners,
  partnerRefsOf,
  removeHousingCompanyPartner,
  setHousingCompanyPartner,
  toAdminHousingCompanies,
  toAdminHousingCompany,
  updateHousingCompany,
} from '../domain/housing-companies.js';
import { IDENTITY_POLICIES } from '../policies.js';

/** A missing or unknown :type answers "Required params projectId and type missing". */
async function requirePartnerType(request: FastifyRequest) {
  const { type } = request.params as { type?: string };
  if (!type || !(HOUSING_COMPANY_PARTNER_TYPES as readonly string[]).includes(type)) {
    throw new AppError('IDN_PROJECT_TYPE_REQUIRED');
  }
}

/**
 * Housing companies in the staff app (03 §2, §3): list (demo first) and details with the derived
 * state and partner companies, create and update every field, and their property and maintenance
 * manager companies (connect, change, remove). Reading is scoped: managers and board members see
 * their companies, partners those they serve or have in their operational area; others answer 404.
 */
export async function adminHousingCompanyRoutes(app: App, ctx: IdentityContext) {
  app.get(
    '/admin/housing-companies',
    {
      schema: {
        summary: 'List housing companies (staff; scoped); the demo company first',
        querystring: zAdminHousingCompanyListQuery,
        response: { 200: zAdminHousingCompanyList },
      },
      config: { policy: HOUSING_COMPANY_READERS },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const scope = await housingCompanyScope(ctx.db, principalOf(request));
      const page = await listPage(ctx.db, housingCompanies, 'housing-companies', {
        where: housingCompanyListWhere(scope, filter),
        orderBy: housingCompanyOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      return toAdminHousingCompanies(ctx.db, page.rows);
    },
  );

  app.get(
    '/admin/housing-companies/:id',
    {
      schema: {
        summary: 'One housing company with its derived state and partner companies (staff; scoped)',
        params: zAdminHousingCompanyParams,
        response: { 200: zAdminHousingCompany },
      },
      config: { policy: HOUSING_COMPANY_READERS },
    },
    async (request) => {
      const scope = await housingCompanyScope(ctx.db, principalOf(request));
      const row = await getHousingCompanyOr404(ctx.db, request.params.id, scope);
      const partners = await partnerRefsOf(ctx.db, [row.id]);
      return toAdminHousingCompany(row, partners.get(row.id));
    },
  );

  app.get(
    '/admin/housing-companies/:id/features',
    {
      schema: {
        summary: "A housing company's features as its residents get them (staff; scoped like the company)",
        params: zAdminHousingCompanyParams,
        querystring: zAdminHousingCompanyFeaturesQuery,
        response: { 200: zUserFeaturesResponse },
      },
      config: { policy: HOUSING_COMPANY_READERS },
    },
    async (request) => {
      const scope = await housingCompanyScope(ctx.db, principalOf(request));
      const row = await getHousingCompanyOr404(ctx.db, request.params.id, scope);
      return userFeatures(ctx.features, {
        language: request.query.lang ?? DEFAULT_LANGUAGE,
        housingCompanyId: row.id,
      });
    },
  );

  app.post(
    '/admin/housing-companies',
    {
      schema: {
        summary: 'Create a housing company (housing-company editors)',
        body: zAdminHousingCompanyCreate,
        response: { 201: zAdminHousingCompany },
      },
      config: { policy: IDENTITY_POLICIES.housingCompaniesEdit },
    },
    async (request, reply) => {
      const row = await createHousingCompany(ctx.db, request.body);
      ctx.features.clear();
      ctx.kickEvents();
      return reply.status(201).send(toAdminHousingCompany(row, undefined));
    },
  );

  app.put(
    '/admin/housing-companies/:id',
    {
      schema: {
        summary: 'Update a housing company (housing-company editors)',
        params: zAdminHousingCompanyParams,
        body: zAdminHousingCompanyUpdate,
        response: { 200: zAdminHousingCompany },
      },
      config: { policy: IDENTITY_POLICIES.housingCompaniesEdit },
    },
    async (request) => {
      const row = await updateHousingCompany(ctx.db, request.params.id, request.body);
      if (request.body.buildingTaxonomyTermId !== undefined) ctx.features.clear();
      ctx.kickEvents();
      const partners = await partnerRefsOf(ctx.db, [row.id]);
      return toAdminHousingCompany(row, partners.get(row.id));
    },
  );

  app.get(
    '/admin/housing-companies/:id/partners',
    {
      schema: {
        summary: 'The property and maintenance manager companies of a housing company (staff; scoped)',
        params: zAdminHousingCompanyParams,
        response: { 200: zHousingCompanyPartnerList },
      },
      config: { policy: HOUSING_COMPANY_READERS },
    },
    async (request) => {
      const scope = await housingCompanyScope(ctx.db, principalOf(request));
      const row = await getHousingCompanyOr404(ctx.db, request.params.id, scope);
      return listHousingCompanyPartners(ctx.db, row.id);
    },
  );

  app.put(
    '/admin/housing-companies/:id/partners/:type',
    {
      schema: {
        summary: 'Connect a property or maintenance manager company, or change to another (partner managers)',
        params: zHousingCompanyPartnerParams,
        body: zHousingCompanyPartnerSet,
        response: { 200: zHousingCompanyPartner },
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
      preValidation: async (request) => {
        await requirePartnerType(request);
        const body = request.body as { partnerCompanyId?: unknown } | null | undefined;
        if (!body || typeof body !== 'object' || !body.partnerCompanyId) {
          throw new AppError('IDN_PROJECT_PARTNER_REQUIRED');
        }
      },
    },
    async (request) => {
      const { id, type } = request.params;
      const partner = await setHousingCompanyPartner(ctx.db, id, type, request.body);
      ctx.kickEvents();
      return partner;
    },
  );

  app.delete(
    '/admin/housing-companies/:id/partners/:type/:partnerCompanyId',
    {
      schema: {
        summary: 'Remove a property or maintenance manager company from a housing company (partner managers)',
        params: zHousingCompanyPartnerDeleteParams,
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
      preValidation: requirePartnerType,
    },
    async (request, reply) => {
      const { id, type, partnerCompanyId } = request.params;
      await removeHousingCompanyPartner(ctx.db, id, type, partnerCompanyId);
      ctx.kickEvents();
      return reply.status(204).send();
    },
  );
}

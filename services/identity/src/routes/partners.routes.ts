import {
  type ErrorCode,
  zAdminHousingCompanyList,
  zAdminHousingCompanyListQuery,
  zPartnerAreaApproval,
  zPartnerCompany,
  zPartnerCompanyCreate,
  zPartnerCompanyList,
  zPartnerCompanyListQuery,
  zPartnerCompanyParams,
  zPartnerCompanyUpdate,
  zPartnerCompanyUser,
  zPartnerCompanyUserAdd,
  zPartnerCompanyUserList,
  zPartnerCompanyUserParams,
  zPartnerOwnCompanyQuery,
  zPartnerOwnCompanyUpdate,
} from '@porta/contracts';
import { type App, AppError, listPage, principalOf, sortBy } from '@porta/service-kit';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context.js';
import { housingCompanies, partnerCompanies, partnerCompanyUsers } from '../db/schema.js';
import {
  containsPattern,
  housingCompanyListWhere,
  housingCompanyOrder,
  PARTNER_READERS,
  toAdminHousingCompanies,
} from '../domain/housing-companies.js';
import {
  addPartnerCompanyUser,
  approveAreaProposal,
  createPartnerCompany,
  deletePartnerCompany,
  dismissAreaProposal,
  getPartnerCompanyOr404,
  housingCompaniesReachedBy,
  listPartnerCompanyUsers,
  ownPartnerCompany,
  partnerCompaniesInScope,
  partnerCompanyReadScope,
  removePartnerCompanyUser,
  toPartnerCompany,
  updatePartnerCompany,
} from '../domain/partners.js';
import { IDENTITY_POLICIES } from '../policies.js';

const SORT_COLUMNS = {
  name: partnerCompanies.name,
  type: partnerCompanies.type,
  city: partnerCompanies.city,
  country: partnerCompanies.country,
  createdAt: partnerCompanies.createdAt,
  updatedAt: partnerCompanies.updatedAt,
} as const;

/** A missing or empty body answers the spec's text (03 §8) instead of a list of missing fields. */
function requirePayload(code: ErrorCode) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (body === undefined || body === null || (typeof body === 'object' && !Object.keys(body).length)) {
      throw new AppError(code);
    }
  };
}

/**
 * Partner companies (03 §2, §3, §6): the staff list, details, create, update and delete, their
 * users and key contact, and the approval of operational areas partners propose; and the partner's
 * own area: its company (a partner cannot change the company's type, and the operational area it
 * edits is a proposal for staff) and the housing companies it reaches (served, or in a business
 * partner's operational area as staff set or approved it, by zip code or building taxonomy).
 */
export async function partnerRoutes(app: App, ctx: IdentityContext) {
  app.get(
    '/admin/partner-companies',
    {
      schema: {
        summary: 'List partner companies (staff; scoped)',
        querystring: zPartnerCompanyListQuery,
        response: { 200: zPartnerCompanyList },
      },
      config: { policy: PARTNER_READERS },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const scope = await partnerCompanyReadScope(ctx.db, principalOf(request));
      const where: SQL[] = [];
      const inScope = partnerCompaniesInScope(scope);
      if (inScope) where.push(inScope);
      if (filter?.q) {
        const p = containsPattern(filter.q);
        where.push(
          or(
            ilike(partnerCompanies.name, p),
            ilike(partnerCompanies.businessId, p),
            ilike(partnerCompanies.externalId, p),
            ilike(partnerCompanies.city, p),
          )!,
        );
      }
      if (filter?.type) where.push(eq(partnerCompanies.type, filter.type));
      if (filter?.country) where.push(sql`lower(${partnerCompanies.country}) = lower(${filter.country})`);
      if (filter?.active !== undefined) where.push(eq(partnerCompanies.active, filter.active));
      if (filter?.id) where.push(filter.id.length ? inArray(partnerCompanies.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['name', 'ASC'];
      const page = await listPage(ctx.db, partnerCompanies, 'partner-companies', {
        where: where.length ? and(...where) : undefined,
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(partnerCompanies.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return page.rows.map(toPartnerCompany);
    },
  );

  app.get(
    '/admin/partner-companies/:id',
    {
      schema: {
        summary: 'One partner company (staff; scoped)',
        params: zPartnerCompanyParams,
        response: { 200: zPartnerCompany },
      },
      config: { policy: PARTNER_READERS },
    },
    async (request) => {
      const scope = await partnerCompanyReadScope(ctx.db, principalOf(request));
      return toPartnerCompany(await getPartnerCompanyOr404(ctx.db, request.params.id, scope));
    },
  );

  app.post(
    '/admin/partner-companies',
    {
      schema: {
        summary: 'Create a partner company (partner managers)',
        body: zPartnerCompanyCreate,
        response: { 201: zPartnerCompany },
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
      preValidation: requirePayload('IDN_PARTNER_CREATE_PAYLOAD'),
    },
    async (request, reply) => {
      const row = await createPartnerCompany(ctx.db, request.body);
      ctx.kickEvents();
      return reply.status(201).send(toPartnerCompany(row));
    },
  );

  app.put(
    '/admin/partner-companies/:id',
    {
      schema: {
        summary: 'Update a partner company (partner managers)',
        params: zPartnerCompanyParams,
        body: zPartnerCompanyUpdate,
        response: { 200: zPartnerCompany },
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
      preValidation: requirePayload('IDN_PARTNER_UPDATE_PAYLOAD'),
    },
    async (request) => {
      const row = await updatePartnerCompany(ctx.db, request.params.id, request.body);
      ctx.kickEvents();
      return toPartnerCompany(row);
    },
  );

  app.delete(
    '/admin/partner-companies/:id',
    {
      schema: {
        summary: 'Delete a partner company with its users and housing-company connections (partner managers)',
        params: zPartnerCompanyParams,
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
    },
    async (request, reply) => {
      await deletePartnerCompany(ctx.db, request.params.id);
      ctx.kickEvents();
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/partner-companies/:id/area-proposal/approve',
    {
      schema: {
        summary:
          'Approve the operational area the partner proposed: it becomes what the partner reads (partner managers)',
        params: zPartnerCompanyParams,
        body: zPartnerAreaApproval,
        response: { 200: zPartnerCompany },
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
    },
    async (request) => {
      const row = await approveAreaProposal(ctx.db, request.params.id, request.body.proposedAt);
      ctx.kickEvents();
      return toPartnerCompany(row);
    },
  );

  app.delete(
    '/admin/partner-companies/:id/area-proposal',
    {
      schema: {
        summary:
          'Dismiss the operational area the partner proposed; the company keeps its area (partner managers)',
        params: zPartnerCompanyParams,
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
    },
    async (request, reply) => {
      await dismissAreaProposal(ctx.db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/partner-companies/:id/users',
    {
      schema: {
        summary: 'The users of a partner company (staff; scoped)',
        params: zPartnerCompanyParams,
        response: { 200: zPartnerCompanyUserList },
      },
      config: { policy: PARTNER_READERS },
    },
    async (request) => {
      const scope = await partnerCompanyReadScope(ctx.db, principalOf(request));
      return listPartnerCompanyUsers(ctx.db, await getPartnerCompanyOr404(ctx.db, request.params.id, scope));
    },
  );

  app.post(
    '/admin/partner-companies/:id/users',
    {
      schema: {
        summary: 'Add a user to a partner company (partner managers)',
        params: zPartnerCompanyParams,
        body: zPartnerCompanyUserAdd,
        response: { 201: zPartnerCompanyUser },
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
    },
    async (request, reply) => {
      const company = await getPartnerCompanyOr404(ctx.db, request.params.id);
      const user = await addPartnerCompanyUser(ctx.db, company, request.body.userId);
      ctx.kickEvents();
      return reply.status(201).send(user);
    },
  );

  app.delete(
    '/admin/partner-companies/:id/users/:userId',
    {
      schema: {
        summary: 'Remove a user from a partner company; a key contact stops being one (partner managers)',
        params: zPartnerCompanyUserParams,
      },
      config: { policy: IDENTITY_POLICIES.partnersManage },
    },
    async (request, reply) => {
      const company = await getPartnerCompanyOr404(ctx.db, request.params.id);
      await removePartnerCompanyUser(ctx.db, company, request.params.userId);
      ctx.kickEvents();
      return reply.status(204).send();
    },
  );

  app.get(
    '/partner/company',
    {
      schema: {
        summary: "The caller's partner company (the first by name unless partnerCompanyId names one)",
        querystring: zPartnerOwnCompanyQuery,
        response: { 200: zPartnerCompany },
      },
      config: { policy: IDENTITY_POLICIES.partnerOwnCompany },
    },
    async (request) =>
      toPartnerCompany(
        await ownPartnerCompany(ctx.db, principalOf(request).userId, request.query.partnerCompanyId),
      ),
  );

  app.put(
    '/partner/company',
    {
      schema: {
        summary:
          "Update the caller's partner company; its type cannot change, and its operational area is stored as a proposal for staff to approve",
        querystring: zPartnerOwnCompanyQuery,
        body: zPartnerOwnCompanyUpdate,
        response: { 200: zPartnerCompany },
      },
      config: { policy: IDENTITY_POLICIES.partnerOwnCompany },
      preValidation: requirePayload('IDN_PARTNER_UPDATE_PAYLOAD'),
    },
    async (request) => {
      const { userId } = principalOf(request);
      const own = await ownPartnerCompany(ctx.db, userId, request.query.partnerCompanyId);
      if (request.body.type !== undefined && request.body.type !== own.type) {
        throw new AppError('IDN_PARTNER_TYPE_MISMATCH', {
          detail: 'A partner cannot change the type of its company.',
          errors: [{ path: 'body.type', message: 'The type of the company cannot be changed' }],
        });
      }
      // What the partner reads comes from staff: the area it edits waits for their approval.
      const row = await updatePartnerCompany(ctx.db, own.id, request.body, { proposedBy: userId });
      ctx.kickEvents();
      return toPartnerCompany(row);
    },
  );

  app.get(
    '/partner/housing-companies',
    {
      schema: {
        summary:
          "The housing companies the caller's partner companies reach: those they serve and, for business partners, those in their operational area",
        querystring: zAdminHousingCompanyListQuery,
        response: { 200: zAdminHousingCompanyList },
      },
      config: { policy: IDENTITY_POLICIES.partnerOwnCompany },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const own = await ctx.db
        .select({ id: partnerCompanyUsers.partnerCompanyId })
        .from(partnerCompanyUsers)
        .where(eq(partnerCompanyUsers.userId, principalOf(request).userId));
      const reached = await housingCompaniesReachedBy(
        ctx.db,
        own.map((r) => r.id),
      );
      const page = await listPage(ctx.db, housingCompanies, 'housing-companies', {
        where: housingCompanyListWhere({ all: false, housingCompanyIds: reached }, filter),
        orderBy: housingCompanyOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      return toAdminHousingCompanies(ctx.db, page.rows);
    },
  );
}

import {
  zAdminApartment,
  zAdminApartmentCreate,
  zAdminApartmentList,
  zAdminApartmentListQuery,
  zAdminApartmentParams,
  zAdminApartmentUpdate,
} from '@porta/contracts';
import { type App, listPage, principalOf, sortBy } from '@porta/service-kit';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { apartments } from '../db/schema.js';
import {
  containsPattern,
  createApartment,
  getApartmentOr404,
  HOUSING_COMPANY_READERS,
  housingCompanyScope,
  inHousingCompanyScope,
  toAdminApartment,
  updateApartment,
} from '../domain/housing-companies.js';
import { IDENTITY_POLICIES } from '../policies.js';

const SORT_COLUMNS = {
  no: apartments.no,
  aptext: apartments.aptext,
  apartmentNumber: apartments.apartmentNumber,
  floorNumber: apartments.floorNumber,
  size: apartments.size,
  rooms: apartments.rooms,
  createdAt: apartments.createdAt,
} as const;

/**
 * Apartments in the staff app (03 §3): list (usually of one housing company), details, create and
 * update. Reading is scoped like housing companies; apartments of other companies answer 404.
 */
export async function adminApartmentRoutes(app: App, ctx: IdentityContext) {
  app.get(
    '/admin/apartments',
    {
      schema: {
        summary: 'List apartments (staff; scoped), e.g. filter={"housingCompanyId":…}',
        querystring: zAdminApartmentListQuery,
        response: { 200: zAdminApartmentList },
      },
      config: { policy: HOUSING_COMPANY_READERS },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const scope = await housingCompanyScope(ctx.db, principalOf(request));
      const where: SQL[] = [];
      const inScope = inHousingCompanyScope(scope, apartments.housingCompanyId);
      if (inScope) where.push(inScope);
      if (filter?.housingCompanyId) where.push(eq(apartments.housingCompanyId, filter.housingCompanyId));
      if (filter?.q) {
        const p = containsPattern(filter.q);
        where.push(
          or(
            ilike(apartments.no, p),
            ilike(apartments.aptext, p),
            ilike(apartments.externalName, p),
            ilike(apartments.apartmentNumber, p),
          )!,
        );
      }
      if (filter?.id) where.push(filter.id.length ? inArray(apartments.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['no', 'ASC'];
      const page = await listPage(ctx.db, apartments, 'apartments', {
        where: where.length ? and(...where) : undefined,
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(apartments.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return page.rows.map(toAdminApartment);
    },
  );

  app.get(
    '/admin/apartments/:id',
    {
      schema: {
        summary: 'One apartment (staff; scoped)',
        params: zAdminApartmentParams,
        response: { 200: zAdminApartment },
      },
      config: { policy: HOUSING_COMPANY_READERS },
    },
    async (request) => {
      const scope = await housingCompanyScope(ctx.db, principalOf(request));
      return toAdminApartment(await getApartmentOr404(ctx.db, request.params.id, scope));
    },
  );

  app.post(
    '/admin/apartments',
    {
      schema: {
        summary: 'Create an apartment in a housing company (housing-company editors)',
        body: zAdminApartmentCreate,
        response: { 201: zAdminApartment },
      },
      config: { policy: IDENTITY_POLICIES.housingCompaniesEdit },
    },
    async (request, reply) => {
      const row = await createApartment(ctx.db, request.body);
      ctx.kickEvents();
      return reply.status(201).send(toAdminApartment(row));
    },
  );

  app.put(
    '/admin/apartments/:id',
    {
      schema: {
        summary: 'Update an apartment (housing-company editors)',
        params: zAdminApartmentParams,
        body: zAdminApartmentUpdate,
        response: { 200: zAdminApartment },
      },
      config: { policy: IDENTITY_POLICIES.housingCompaniesEdit },
    },
    async (request) => {
      const row = await updateApartment(ctx.db, request.params.id, request.body);
      ctx.kickEvents();
      return toAdminApartment(row);
    },
  );
}

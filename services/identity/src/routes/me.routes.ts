import {
  DEFAULT_LANGUAGE,
  effectiveRoles,
  GLOBAL_SCOPE,
  type MeResponse,
  type Role,
  zMeResponse,
  zSelectHousingCompanyRequest,
  zUserFeaturesQuery,
  zUserFeaturesResponse,
} from '@porta/contracts';
import { type App, AppError, policy, principalOf } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context.js';
import { users } from '../db/schema.js';
import { userFeatures } from '../domain/features.js';
import { findUserById, loadMembership } from '../domain/membership.js';

export async function meRoutes(app: App, ctx: IdentityContext) {
  /** The caller, with a check that the session is still open (it may have been revoked). */
  async function currentUser(request: FastifyRequest) {
    const principal = principalOf(request);
    const [active, user] = await Promise.all([
      ctx.sessions.isActive(principal.sessionId),
      findUserById(ctx.db, principal.userId),
    ]);
    if (!active || !user?.enabled) {
      throw new AppError('TOKEN_EXPIRED', { detail: 'The session has ended. Please sign in again.' });
    }
    return { principal, user };
  }

  async function me(request: FastifyRequest): Promise<MeResponse> {
    const { principal, user } = await currentUser(request);
    const membership = await loadMembership(ctx.db, user.id);
    const selected =
      membership.housingCompanies.find((hc) => hc.id === user.selectedHousingCompanyId) ?? null;
    const selectedApartment = selected?.apts.find((a) => a.id === user.selectedApartmentId) ?? null;
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        locale: user.locale,
        publicProfile: user.publicProfile,
        registered: user.registered,
        roles: user.roles as Role[],
        isBusinessPartner:
          membership.partnerCompanies.length > 0 || effectiveRoles(user.roles as Role[]).has('partner'),
        partnerCompanies: membership.partnerCompanies,
      },
      issuer: principal.issuer,
      hcs: membership.housingCompanies,
      selectedHousingCompanyId: selected?.id ?? null,
      selectedApartmentId: selectedApartment?.id ?? null,
    };
  }

  app.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in user with housing companies, apartments, roles and the selection',
        response: { 200: zMeResponse },
      },
      config: { policy: policy.authenticated() },
    },
    async (request) => me(request),
  );

  app.put(
    '/me/housing-company',
    {
      schema: {
        summary: 'Select the housing company (and apartment) the portal shows',
        body: zSelectHousingCompanyRequest,
        response: { 200: zMeResponse },
      },
      config: { policy: policy.authenticated() },
    },
    async (request) => {
      const { user } = await currentUser(request);
      const { housingCompanyId, apartmentId } = request.body;
      let selectedApartment: string | null = null;
      if (housingCompanyId) {
        const membership = await loadMembership(ctx.db, user.id);
        const hc = membership.housingCompanies.find((h) => h.id === housingCompanyId);
        if (!hc) throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
        if (apartmentId) {
          if (!hc.apts.some((a) => a.id === apartmentId)) throw new AppError('IDN_APARTMENT_NOT_FOUND');
          selectedApartment = apartmentId;
        } else {
          selectedApartment = hc.apts[0]?.id ?? null;
        }
      }
      await ctx.db
        .update(users)
        .set({ selectedHousingCompanyId: housingCompanyId, selectedApartmentId: selectedApartment })
        .where(eq(users.id, user.id));
      return me(request);
    },
  );

  app.get(
    '/features',
    {
      schema: {
        summary: 'Features enabled for the user in a housing company',
        querystring: zUserFeaturesQuery,
        response: { 200: zUserFeaturesResponse },
      },
      config: { policy: policy.authenticated() },
    },
    async (request) => {
      const principal = principalOf(request);
      const { housingCompanyId, lang } = request.query;
      if (housingCompanyId && !principal.belongsTo(housingCompanyId) && !principal.hasRole('yitUser')) {
        throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
      }
      // Housing companies carry no building taxonomy yet, so only 'global' toggles apply (01 §7:
      // "global" when there are no building taxonomies); news and calendar are always on (03 §3).
      return userFeatures(ctx, { language: lang ?? DEFAULT_LANGUAGE, scopes: [GLOBAL_SCOPE] });
    },
  );
}

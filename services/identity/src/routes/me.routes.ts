import {
  DEFAULT_LANGUAGE,
  effectiveRoles,
  GLOBAL_SCOPE,
  languageOfLocale,
  type MeResponse,
  type Role,
  zDeactivateSelfRequest,
  zDialogReadRequest,
  zMeResponse,
  zMeUser,
  zRegisterRequest,
  zSelectHousingCompanyRequest,
  zTaskStatusParams,
  zUpdateProfileRequest,
  zUserFeaturesQuery,
  zUserFeaturesResponse,
} from '@porta/contracts';
import { type App, AppError, policy, principalOf } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '../context.js';
import { users } from '../db/schema.js';
import { userFeatures } from '../domain/features.js';
import { loadSignedIn, type SignedIn, type SignedInUser } from '../domain/membership.js';
import { meQuickLinks } from '../domain/quick-links.js';
import {
  currentUser,
  deactivateSelf,
  markDialogRead,
  register,
  setTaskStatus,
  signedInUser,
  updateProfile,
} from '../domain/self-service.js';
import { holdsAnywhere, IDENTITY_POLICIES, SIGNATURE_ROLES } from '../policies.js';

export async function meRoutes(app: App, ctx: IdentityContext) {
  /** The signed-in user's page data, or TOKEN_EXPIRED when the session ended or the user is disabled. */
  async function signedIn(request: FastifyRequest): Promise<SignedIn & { user: SignedInUser }> {
    const principal = principalOf(request);
    const read = await loadSignedIn(ctx.database, principal.userId, principal.sessionId);
    return { ...read, user: signedInUser(read.active, read.user) };
  }

  /** The `user` part of GET /me (also the answer of PUT /me/profile). */
  async function meUser(
    request: FastifyRequest,
    { user, membership, dialogs, tasks, links }: SignedIn & { user: SignedInUser },
  ): Promise<MeResponse['user']> {
    const principal = principalOf(request);
    const selected = membership.housingCompanies.find((hc) => hc.id === user.selectedHousingCompanyId);
    const quickLinks = await meQuickLinks(ctx, selected?.id ?? null, languageOfLocale(user.locale), links);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      male: user.male,
      locale: user.locale,
      publicProfile: user.publicProfile,
      registered: user.registered,
      roles: user.roles as Role[],
      // Business partners (not the property or maintenance managers' companies) get their own area.
      isBusinessPartner:
        membership.partnerCompanies.some((pc) => pc.type === 'BUSINESS_PARTNER') ||
        effectiveRoles(user.roles as Role[]).has('partner'),
      partnerCompanies: membership.partnerCompanies.map(({ id, externalId, name }) => ({
        id,
        externalId,
        name,
      })),
      quickLinks,
      dialogs,
      tasks,
      canManageSignatures: holdsAnywhere(principal, SIGNATURE_ROLES),
    };
  }

  /** GET /me: one statement (loadSignedIn) and the features from the cache. */
  async function me(request: FastifyRequest): Promise<MeResponse> {
    const read = await signedIn(request);
    const { user, membership } = read;
    const selected =
      membership.housingCompanies.find((hc) => hc.id === user.selectedHousingCompanyId) ?? null;
    const selectedApartment = selected?.apts.find((a) => a.id === user.selectedApartmentId) ?? null;
    return {
      user: await meUser(request, read),
      issuer: principalOf(request).issuer,
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
      const { user, membership } = await signedIn(request);
      const { housingCompanyId, apartmentId } = request.body;
      let selectedApartment: string | null = null;
      if (housingCompanyId) {
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
      // The company's building-taxonomy toggles (nearest term first), then 'global' (01 §7: "global"
      // when there are no building taxonomies); news and calendar are always on (03 §3).
      const language = lang ?? DEFAULT_LANGUAGE;
      return housingCompanyId
        ? userFeatures(ctx.features, { language, housingCompanyId })
        : userFeatures(ctx.features, { language, scopes: [GLOBAL_SCOPE] });
    },
  );

  app.put(
    '/me/profile',
    {
      schema: {
        summary: 'Update the own profile (names, phone, language, public profile, gender)',
        body: zUpdateProfileRequest,
        response: { 200: zMeUser },
      },
      config: { policy: IDENTITY_POLICIES.selfProfile },
    },
    async (request) => {
      const user = await currentUser(ctx, principalOf(request));
      await updateProfile(ctx, user, request.body);
      return meUser(request, await signedIn(request));
    },
  );

  app.post(
    '/me/register',
    {
      schema: {
        summary: 'Complete the registration of the signed-in user (the terms must be accepted)',
        body: zRegisterRequest,
        response: { 200: zMeResponse },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request) => {
      const user = await currentUser(ctx, principalOf(request));
      await register(ctx, user, request.body);
      return me(request);
    },
  );

  app.post(
    '/me/deactivate',
    {
      schema: {
        summary: 'Deactivate the own account; every session ends',
        body: zDeactivateSelfRequest,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      await deactivateSelf(ctx, user);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/dialogs',
    {
      schema: {
        summary: 'Mark a dialog read in a housing company (e.g. the welcome dialog)',
        body: zDialogReadRequest,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      await markDialogRead(ctx, user.id, request.body.id, request.body.projectId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/tasks/:taskId/status/:done',
    {
      schema: {
        summary: 'Mark a calendar task done or not done',
        params: zTaskStatusParams,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      await setTaskStatus(ctx, user.id, request.params.taskId, request.params.done === 'true');
      return reply.status(204).send(null);
    },
  );
}

import {
  zAdminApartmentRole,
  zAdminApartmentRoleCreate,
  zAdminApartmentRoleList,
  zAdminApartmentRoleParams,
  zAdminGlobalRolesUpdate,
  zAdminHousingCompanyRole,
  zAdminHousingCompanyRoleCreate,
  zAdminHousingCompanyRoleParams,
  zAdminUser,
  zAdminUserParams,
  zAdminUserRoles,
  zApartmentResidentList,
  zApartmentScheduledChangeParams,
  zRoleRemovalQuery,
  zScheduledRoleChange,
  zScheduledRoleChangeCreate,
  zScheduledRoleChangeList,
  zScheduledRoleChangeParams,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { IdentityContext } from '../context.js';
import { changeAndPublish } from '../domain/events.js';
import {
  addApartmentRole,
  addHousingCompanyRole,
  listApartmentRoles,
  listUserRoles,
  removeApartmentRole,
  removeHousingCompanyRole,
} from '../domain/roles.js';
import {
  createScheduledChange,
  deleteScheduledChange,
  listApartmentResidents,
  listScheduledChanges,
} from '../domain/scheduled-changes.js';
import { setGlobalRoles, toAdminUser } from '../domain/user-admin.js';
import { IDENTITY_POLICIES, userAdminActor, userReadScope } from '../policies.js';

/**
 * Roles of users (03 §3, §4, §6): global roles (admin only), roles per housing company and per
 * apartment with validity, and scheduled role and ownership changes of an apartment.
 *
 * Who grants what: global user managers (and admin) grant and remove every apartment and
 * housing-company role; project user managers (property managers, board members, chairmen …)
 * grant and remove apartment roles and the board roles (boardMember, chairman, ceeBoardMember) in
 * their own housing companies only (IDN_ROLE_NOT_PERMITTED otherwise). siteAdministrator is never
 * removed here. Owners are locked while the housing company is in construction. Removing one's
 * own role is permanent and needs `?confirm=true`. Every change emits identity.membership.changed.
 */
export async function adminRoleRoutes(app: App, ctx: IdentityContext) {
  const change = <T>(fn: (tx: IdentityContext['db']) => Promise<T>) => changeAndPublish(ctx, fn);

  app.get(
    '/admin/users/:id/roles',
    {
      schema: {
        summary: "A user's global, housing-company and apartment roles and pending scheduled changes",
        params: zAdminUserParams,
        response: { 200: zAdminUserRoles },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => listUserRoles(ctx.db, userReadScope(principalOf(request)), request.params.id),
  );

  app.put(
    '/admin/users/:id/global-roles',
    {
      schema: {
        summary: "Replace a user's global roles (admin)",
        params: zAdminUserParams,
        body: zAdminGlobalRolesUpdate,
        response: { 200: zAdminUser },
      },
      config: { policy: IDENTITY_POLICIES.globalRoles },
    },
    async (request) => {
      const actor = userAdminActor(principalOf(request));
      const row = await change((tx) => setGlobalRoles(tx, actor, request.params.id, request.body.roles));
      return toAdminUser(row);
    },
  );

  // Apartment roles --------------------------------------------------------------------------

  app.get(
    '/admin/users/:id/apartment-roles',
    {
      schema: {
        summary: "A user's apartment roles with validity",
        params: zAdminUserParams,
        response: { 200: zAdminApartmentRoleList },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => listApartmentRoles(ctx.db, userReadScope(principalOf(request)), request.params.id),
  );

  app.post(
    '/admin/users/:id/apartment-roles',
    {
      schema: {
        summary: 'Add an apartment role, or replace its validity',
        params: zAdminUserParams,
        body: zAdminApartmentRoleCreate,
        response: { 201: zAdminApartmentRole },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const role = await change((tx) => addApartmentRole(tx, actor, request.params.id, request.body));
      return reply.status(201).send(role);
    },
  );

  app.delete(
    '/admin/users/:id/apartment-roles/:apartmentId/:role',
    {
      schema: {
        summary: 'Remove an apartment role (one’s own only with confirm=true)',
        params: zAdminApartmentRoleParams,
        querystring: zRoleRemovalQuery,
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const { id, apartmentId, role } = request.params;
      const confirm = request.query.confirm === 'true';
      await change((tx) => removeApartmentRole(tx, actor, id, apartmentId, role, { confirm }));
      return reply.status(204).send();
    },
  );

  // Housing-company roles --------------------------------------------------------------------

  app.post(
    '/admin/users/:id/housing-company-roles',
    {
      schema: {
        summary: 'Add a housing-company role, or replace its validity',
        params: zAdminUserParams,
        body: zAdminHousingCompanyRoleCreate,
        response: { 201: zAdminHousingCompanyRole },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const role = await change((tx) => addHousingCompanyRole(tx, actor, request.params.id, request.body));
      return reply.status(201).send(role);
    },
  );

  app.delete(
    '/admin/users/:id/housing-company-roles/:housingCompanyId/:role',
    {
      schema: {
        summary: 'Remove a housing-company role (not siteAdministrator; one’s own only with confirm=true)',
        params: zAdminHousingCompanyRoleParams,
        querystring: zRoleRemovalQuery,
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const { id, housingCompanyId, role } = request.params;
      const confirm = request.query.confirm === 'true';
      await change((tx) => removeHousingCompanyRole(tx, actor, id, housingCompanyId, role, { confirm }));
      return reply.status(204).send();
    },
  );

  // Scheduled role and ownership changes ----------------------------------------------------

  app.get(
    '/admin/apartments/:id/scheduled-changes',
    {
      schema: {
        summary: 'Scheduled role and ownership changes of an apartment (pending and past)',
        params: zApartmentScheduledChangeParams,
        response: { 200: zScheduledRoleChangeList },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => listScheduledChanges(ctx.db, userReadScope(principalOf(request)), request.params.id),
  );

  app.get(
    '/admin/apartments/:id/residents',
    {
      schema: {
        summary: "The users with a role in an apartment, each role's validity and standing today",
        params: zApartmentScheduledChangeParams,
        response: { 200: zApartmentResidentList },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => listApartmentResidents(ctx.db, userReadScope(principalOf(request)), request.params.id),
  );

  app.post(
    '/admin/apartments/:id/scheduled-changes',
    {
      schema: {
        summary: 'Schedule a role or ownership change from a date (null: today)',
        params: zApartmentScheduledChangeParams,
        body: zScheduledRoleChangeCreate,
        response: { 201: zScheduledRoleChange },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const created = await change((tx) => createScheduledChange(tx, actor, request.params.id, request.body));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/admin/scheduled-changes/:id',
    {
      schema: {
        summary: 'Remove a scheduled change that has not started, reverting it',
        params: zScheduledRoleChangeParams,
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      await change((tx) => deleteScheduledChange(tx, actor, request.params.id));
      return reply.status(204).send();
    },
  );
}

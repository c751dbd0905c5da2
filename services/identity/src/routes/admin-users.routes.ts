import {
  type AdminUserListQuery,
  zAdminPasswordChange,
  zAdminUser,
  zAdminUserCreate,
  zAdminUserDeleteQuery,
  zAdminUserList,
  zAdminUserListQuery,
  zAdminUserParams,
  zAdminUserUpdate,
} from '@porta/contracts';
import { type App, listPage, principalOf, sortBy, withTransaction } from '@porta/service-kit';
import { and, asc, eq, gte, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { IdentityContext } from '../context.js';
import { apartmentRoles, apartments, housingCompanyRoles, users } from '../db/schema.js';
import { changeAndPublish } from '../domain/events.js';
import { todayIso } from '../domain/membership.js';
import { hashPassword } from '../domain/password.js';
import { assertUserInScope, usersInScope } from '../domain/scope.js';
import {
  createUser,
  DELETED_USER_SOURCE,
  deleteUser,
  getUserOr404,
  setUserEnabled,
  storePassword,
  toAdminUser,
  updateUser,
  userForPasswordChange,
} from '../domain/user-admin.js';
import { IDENTITY_POLICIES, userAdminActor, userReadScope } from '../policies.js';

const SORT_COLUMNS = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

/** Escape LIKE wildcards in user input. */
function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The role, housing-company and apartment filters: users holding a role that has not ended
 * (current or future) matching all given filters — in an apartment, in a housing company (its own
 * roles or its apartments' roles), or, for a role alone, also globally.
 */
function membershipFilter(filter: NonNullable<AdminUserListQuery['filter']>, today: string): SQL | undefined {
  const { role, housingCompanyId, apartmentId } = filter;
  if (!role && !housingCompanyId && !apartmentId) return undefined;
  const notEnded = (validUntil: PgColumn) => or(isNull(validUntil), gte(validUntil, today));
  const aptWhere = and(
    notEnded(apartmentRoles.validUntil),
    apartmentId ? eq(apartmentRoles.apartmentId, apartmentId) : undefined,
    housingCompanyId ? eq(apartments.housingCompanyId, housingCompanyId) : undefined,
    role ? eq(apartmentRoles.role, role) : undefined,
  );
  const alternatives: SQL[] = [
    inArray(
      users.id,
      sql`(select ${apartmentRoles.userId} from ${apartmentRoles} join ${apartments} on ${apartments.id} = ${apartmentRoles.apartmentId} where ${aptWhere})`,
    ),
  ];
  if (!apartmentId) {
    const hcWhere = and(
      notEnded(housingCompanyRoles.validUntil),
      housingCompanyId ? eq(housingCompanyRoles.housingCompanyId, housingCompanyId) : undefined,
      role ? eq(housingCompanyRoles.role, role) : undefined,
    );
    alternatives.push(
      inArray(
        users.id,
        sql`(select ${housingCompanyRoles.userId} from ${housingCompanyRoles} where ${hcWhere})`,
      ),
    );
  }
  if (role && !housingCompanyId && !apartmentId) alternatives.push(sql`${role} = any(${users.roles})`);
  return or(...alternatives);
}

/**
 * Staff user administration (03 §3, §6). Lists follow ra-data-simple-rest (sort, range, filter;
 * Content-Range tells the total). Who may do it is IDENTITY_POLICIES.usersRead / usersManage;
 * which users is the caller's scope: developer staff read every user and global user managers
 * manage every user, property managers, board members and other project user managers only the
 * users of their housing companies. A user out of scope answers 404.
 *
 * Creating a user: a global user manager may create a user without any role; a project user
 * manager must give `apartmentRole` or `housingCompanyRole` in one of their housing companies in
 * the same request (stored together with the user, or nothing is stored).
 *
 * Setting a user's password (03 §7 changeUserPassword) and deleting a user (DELETE /user?id): see
 * userForPasswordChange and deleteUser for the rules; deletion is for global user managers only.
 */
export async function adminUserRoutes(app: App, ctx: IdentityContext) {
  const change = <T>(fn: (tx: IdentityContext['db']) => Promise<T>) => changeAndPublish(ctx, fn);

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'List users (staff; managers see the users of their housing companies)',
        querystring: zAdminUserListQuery,
        response: { 200: zAdminUserList },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const where: (SQL | undefined)[] = [
        usersInScope(userReadScope(principalOf(request))),
        ne(users.source, DELETED_USER_SOURCE),
      ];
      if (filter?.q) {
        const p = likePattern(filter.q);
        where.push(
          or(
            // The full name covers a match in either name; both have trigram indexes (migration 0003).
            ilike(users.email, p),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
          ),
        );
      }
      if (filter?.enabled !== undefined) where.push(eq(users.enabled, filter.enabled));
      if (filter) where.push(membershipFilter(filter, todayIso()));
      if (filter?.id) where.push(filter.id.length ? inArray(users.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['email', 'ASC'];
      const page = await listPage(ctx.db, users, 'users', {
        where: and(...where),
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(users.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return page.rows.map(toAdminUser);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: { summary: 'One user (staff)', params: zAdminUserParams, response: { 200: zAdminUser } },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => {
      await assertUserInScope(ctx.db, userReadScope(principalOf(request)), request.params.id);
      return toAdminUser(await getUserOr404(ctx.db, request.params.id));
    },
  );

  app.post(
    '/admin/users',
    {
      schema: {
        summary: 'Create a user, optionally with a first apartment or housing-company role',
        body: zAdminUserCreate,
        response: { 201: zAdminUser },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const row = await change((tx) => createUser(tx, actor, request.body));
      return reply.status(201).send(toAdminUser(row));
    },
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        summary: 'Update a user; the e-mail is not editable',
        params: zAdminUserParams,
        body: zAdminUserUpdate,
        response: { 200: zAdminUser },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request) => {
      const actor = userAdminActor(principalOf(request));
      return toAdminUser(await change((tx) => updateUser(tx, actor, request.params.id, request.body)));
    },
  );

  app.post(
    '/admin/users/:id/deactivate',
    {
      schema: {
        summary: 'Deactivate a user and end their sessions',
        params: zAdminUserParams,
        response: { 200: zAdminUser },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request) => {
      const actor = userAdminActor(principalOf(request));
      const row = await change((tx) => setUserEnabled(tx, actor, request.params.id, false));
      await ctx.sessions.revokeAllForUser(row.id, 'deactivated');
      return toAdminUser(row);
    },
  );

  app.post(
    '/admin/users/:id/password',
    {
      schema: {
        summary: "Set another user's password (03 §5 rules); every session of the user ends",
        params: zAdminUserParams,
        body: zAdminPasswordChange,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const actor = userAdminActor(principal);
      const { newPassword } = request.body;
      const user = await userForPasswordChange(ctx.db, principal, actor, request.params.id, newPassword);
      const passwordHash = await hashPassword(newPassword);
      await withTransaction(ctx.db, (tx) => storePassword(tx, user.id, passwordHash));
      // No event carries a password change (nor does the self-service one): the log records who did it.
      request.log.info({ userId: user.id, by: actor.userId }, 'password set by a user manager');
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        summary:
          'Delete a user (global user managers; needs confirm=true): roles, sessions and personal data go',
        params: zAdminUserParams,
        querystring: zAdminUserDeleteQuery,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.usersDelete },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const actor = userAdminActor(principal);
      const confirm = request.query.confirm === 'true';
      await change((tx) => deleteUser(tx, principal, actor, request.params.id, { confirm }));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/users/:id/activate',
    {
      schema: { summary: 'Activate a user', params: zAdminUserParams, response: { 200: zAdminUser } },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request) => {
      const actor = userAdminActor(principalOf(request));
      return toAdminUser(await change((tx) => setUserEnabled(tx, actor, request.params.id, true)));
    },
  );
}

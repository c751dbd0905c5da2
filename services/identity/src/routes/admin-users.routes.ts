import {
  zAdminApartmentRole,
  zAdminApartmentRoleCreate,
  zAdminApartmentRoleList,
  zAdminApartmentRoleParams,
  zAdminUser,
  zAdminUserCreate,
  zAdminUserList,
  zAdminUserListQuery,
  zAdminUserParams,
  zAdminUserUpdate,
} from '@porta/contracts';
import { type App, listPage, policy, sortBy } from '@porta/service-kit';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { users } from '../db/schema.js';
import {
  addApartmentRole,
  createUser,
  getUserOr404,
  listApartmentRoles,
  removeApartmentRole,
  setUserEnabled,
  toAdminUser,
  updateUser,
} from '../domain/user-admin.js';

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
 * Staff list of users in the ra-data-simple-rest convention: sort, range and filter query
 * parameters; Content-Range tells the total. Staff also create and update users, (de)activate them
 * and manage their apartment roles with validity.
 */
export async function adminUserRoutes(app: App, ctx: IdentityContext) {
  // Developer staff (the yitUser group) see every user; scoped lists for managers come later.
  const staffPolicy = policy.anyRole('yitUser');

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'List users (staff)',
        querystring: zAdminUserListQuery,
        response: { 200: zAdminUserList },
      },
      config: { policy: staffPolicy },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const where: SQL[] = [];
      if (filter?.q) {
        const p = likePattern(filter.q);
        where.push(
          or(
            ilike(users.email, p),
            ilike(users.firstName, p),
            ilike(users.lastName, p),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
          )!,
        );
      }
      if (filter?.enabled !== undefined) where.push(eq(users.enabled, filter.enabled));
      if (filter?.role) where.push(sql`${filter.role} = any(${users.roles})`);
      if (filter?.id) where.push(filter.id.length ? inArray(users.id, filter.id) : sql`false`);
      const condition = where.length ? and(...where) : undefined;
      const [field, order] = sort ?? ['email', 'ASC'];
      const page = await listPage(ctx.db, users, 'users', {
        where: condition,
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
      config: { policy: staffPolicy },
    },
    async (request) => toAdminUser(await getUserOr404(ctx.db, request.params.id)),
  );

  app.post(
    '/admin/users',
    {
      schema: { summary: 'Create a user (staff)', body: zAdminUserCreate, response: { 201: zAdminUser } },
      config: { policy: staffPolicy },
    },
    async (request, reply) => reply.status(201).send(toAdminUser(await createUser(ctx.db, request.body))),
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        summary: 'Update a user (staff); the e-mail is not editable',
        params: zAdminUserParams,
        body: zAdminUserUpdate,
        response: { 200: zAdminUser },
      },
      config: { policy: staffPolicy },
    },
    async (request) => toAdminUser(await updateUser(ctx.db, request.params.id, request.body)),
  );

  app.post(
    '/admin/users/:id/deactivate',
    {
      schema: {
        summary: 'Deactivate a user and end their sessions (staff)',
        params: zAdminUserParams,
        response: { 200: zAdminUser },
      },
      config: { policy: staffPolicy },
    },
    async (request) => {
      const row = await setUserEnabled(ctx.db, request.params.id, false);
      await ctx.sessions.revokeAllForUser(row.id, 'deactivated');
      return toAdminUser(row);
    },
  );

  app.post(
    '/admin/users/:id/activate',
    {
      schema: { summary: 'Activate a user (staff)', params: zAdminUserParams, response: { 200: zAdminUser } },
      config: { policy: staffPolicy },
    },
    async (request) => toAdminUser(await setUserEnabled(ctx.db, request.params.id, true)),
  );

  app.get(
    '/admin/users/:id/apartment-roles',
    {
      schema: {
        summary: "A user's apartment roles with validity (staff)",
        params: zAdminUserParams,
        response: { 200: zAdminApartmentRoleList },
      },
      config: { policy: staffPolicy },
    },
    async (request) => listApartmentRoles(ctx.db, request.params.id),
  );

  app.post(
    '/admin/users/:id/apartment-roles',
    {
      schema: {
        summary: 'Add an apartment role, or replace its validity (staff)',
        params: zAdminUserParams,
        body: zAdminApartmentRoleCreate,
        response: { 201: zAdminApartmentRole },
      },
      config: { policy: staffPolicy },
    },
    async (request, reply) =>
      reply.status(201).send(await addApartmentRole(ctx.db, request.params.id, request.body)),
  );

  app.delete(
    '/admin/users/:id/apartment-roles/:apartmentId/:role',
    {
      schema: { summary: 'Remove an apartment role (staff)', params: zAdminApartmentRoleParams },
      config: { policy: staffPolicy },
    },
    async (request, reply) => {
      const { id, apartmentId, role } = request.params;
      await removeApartmentRole(ctx.db, id, apartmentId, role);
      return reply.status(204).send();
    },
  );
}

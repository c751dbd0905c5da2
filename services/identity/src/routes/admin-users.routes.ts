import {
  type AdminUser,
  type Role,
  zAdminUser,
  zAdminUserList,
  zAdminUserListQuery,
  zAdminUserParams,
} from '@porta/contracts';
import { type App, AppError, policy } from '@porta/service-kit';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { users } from '../db/schema.js';

type UserRow = typeof users.$inferSelect;

function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    locale: u.locale,
    roles: u.roles as Role[],
    registered: u.registered,
    enabled: u.enabled,
    source: u.source,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

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
 * parameters; Content-Range tells the total. Read only in this increment.
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
      const [from, to] = range ?? [0, 24];
      const [field, order] = sort ?? ['email', 'ASC'];
      const column = SORT_COLUMNS[field];
      const [rows, totals] = await Promise.all([
        ctx.db
          .select()
          .from(users)
          .where(condition)
          .orderBy(order === 'ASC' ? asc(column) : desc(column), asc(users.id))
          .offset(from)
          .limit(to - from + 1),
        ctx.db.select({ n: count() }).from(users).where(condition),
      ]);
      const total = totals[0]?.n ?? 0;
      const last = rows.length ? from + rows.length - 1 : from;
      reply.header('content-range', `users ${from}-${last}/${total}`);
      return rows.map(toAdminUser);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: { summary: 'One user (staff)', params: zAdminUserParams, response: { 200: zAdminUser } },
      config: { policy: staffPolicy },
    },
    async (request) => {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, request.params.id)).limit(1);
      if (!row) throw new AppError('NOT_FOUND');
      return toAdminUser(row);
    },
  );
}

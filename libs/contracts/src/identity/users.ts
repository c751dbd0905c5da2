import { z } from 'zod';
import { zAdminListQuery, zUuid } from '../common.js';
import { zRole } from '../roles.js';

/** Staff list of users (read only for now). */
export const zAdminUser = z.object({
  id: zUuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  locale: z.string(),
  roles: z.array(zRole),
  registered: z.boolean(),
  enabled: z.boolean(),
  source: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof zAdminUser>;

export const ADMIN_USER_SORT_FIELDS = ['email', 'firstName', 'lastName', 'createdAt', 'lastLoginAt'] as const;
export const zAdminUserListQuery = zAdminListQuery(
  {
    q: z.string().trim().max(200).optional(),
    enabled: z.boolean().optional(),
    role: zRole.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_USER_SORT_FIELDS,
);
export type AdminUserListQuery = z.infer<typeof zAdminUserListQuery>;
export const zAdminUserList = z.array(zAdminUser);
export const zAdminUserParams = z.strictObject({ id: zUuid });

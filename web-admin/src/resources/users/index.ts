import PeopleIcon from '@mui/icons-material/People';
import type { AdminUser } from '@porta/contracts';
import { lazy } from 'react';

/** The `users` resource (/admin/users): `<Resource name="users" {...users} />`. */
const users = {
  list: lazy(() => import('./UserList')),
  show: lazy(() => import('./UserShow')),
  icon: PeopleIcon,
  recordRepresentation: (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email,
};

export default users;

import PeopleIcon from '@mui/icons-material/People';
import type { AdminUser } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';
import { newUserRoutes } from '../../common/spec-addresses';

const UserList = lazy(() => import('./UserList'));
const UserShow = lazy(() => import('./UserShow'));
const UserCreate = lazy(() => import('./UserCreate'));
const UserEdit = lazy(() => import('./UserEdit'));
/** 03 §2 /admin/user/notifications/{id}: a user's notification settings (a custom route). */
export const UserNotificationSettings = lazy(() => import('./UserNotificationSettings'));
/** 03 §2 /admin/user/password/{id}: set a user's password (a custom route, for user managers). */
export const UserPasswordChange = lazy(() => import('./UserPasswordChange'));

export const userRepresentation = (user: AdminUser) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * The `users` resource (/admin/users) for a viewer: `<Resource name="users" {...users(can)} />`.
 * Readers get the list and user pages; user managers also create and edit.
 */
export default function users(can: Capabilities) {
  return {
    list: UserList,
    show: UserShow,
    ...(can.usersManage ? { create: UserCreate, edit: UserEdit, children: newUserRoutes() } : {}),
    icon: PeopleIcon,
    recordRepresentation: userRepresentation,
  };
}

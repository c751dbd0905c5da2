import type { Role } from '@porta/contracts';
import { type Policy, policy } from '@porta/service-kit';

/**
 * Who may do what in the notifications service (01 §6, 03 §2, 03 §6): the one policy table.
 * Everyone reads and marks their own inbox; everyone but partners manages their own settings
 * ("partners cannot manage profile or notification settings"); the global user managers read and
 * change any user's settings in the staff app (/admin/user/notifications/{id}). Every query is
 * bound to the caller's user id, so another user's notification answers 404.
 */
export const SETTINGS_STAFF: readonly Role[] = [
  'yitAdmin',
  'yitMarketing',
  'yitBusinessAdmin',
  'yitProject',
  'yitProjectInternal',
];

export const NOTIFICATION_POLICIES = {
  inbox: policy.authenticated(),
  stream: policy.authenticated(),
  ownSettings: policy.check('not a partner', (p) => p.isAdmin || !p.roles.has('partner')),
  staffSettings: policy.anyRole(...SETTINGS_STAFF),
} satisfies Record<string, Policy>;

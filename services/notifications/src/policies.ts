import { type Policy, policy } from '@porta/service-kit';

/**
 * Who may do what in the notifications service (01 §6, 03 §2, 03 §6): the one policy table.
 * Everyone reads and marks their own inbox; everyone but partners manages their own settings
 * ("partners cannot manage profile or notification settings": 403 NTF_SETTINGS_NOT_PERMITTED);
 * the user managers read and change the settings of the users they manage in the staff app
 * (/admin/user/notifications/{id}), as in identity: the global ones any user's, those of a
 * housing company its members' (identity is asked; anyone else answers 404). Every inbox query is
 * bound to the caller's user id, so another user's notification answers 404.
 */
export const NOTIFICATION_POLICIES = {
  inbox: policy.authenticated(),
  stream: policy.authenticated(),
  ownSettings: policy.check('not a partner', (p) => p.isAdmin || !p.roles.has('partner'), {
    refusal: 'NTF_SETTINGS_NOT_PERMITTED',
  }),
  staffSettings: policy.rule('notificationSettings'),
} satisfies Record<string, Policy>;

import type { Subscription } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';

/** Events after which a housing company's features may have changed: the feature gate forgets. */
const FEATURE_SUBJECTS = new Set([
  'identity.feature-toggle.changed.v1',
  'identity.taxonomy.changed.v1',
  'identity.housing-company.updated.v1',
]);
/** Events after which a user's bans changed: the kept ban answers are forgotten. */
const BAN_SUBJECTS = new Set(['identity.user.banned.v1', 'identity.user.unbanned.v1']);

/**
 * Hear identity's events (durable consumer `community-identity`) to forget kept answers at once:
 * feature decisions after a toggle or taxonomy change (ADR 0015) and bans after a ban or its
 * lifting. Other instances forget within their few seconds (BAN_CACHE_SECONDS) and 30 seconds.
 * Nothing is stored, so a redelivered event is harmless.
 */
export function consumeIdentityEvents(ctx: CommunityContext): Promise<Subscription> {
  return ctx.bus.subscribe(
    'identity.*.*.v1',
    async (message) => {
      if (FEATURE_SUBJECTS.has(message.subject)) ctx.features.clear();
      if (BAN_SUBJECTS.has(message.subject)) ctx.identity.forgetBans();
    },
    { durable: 'community-identity' },
  );
}

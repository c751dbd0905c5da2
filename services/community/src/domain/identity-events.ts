import { forgetOnIdentityEvents, type Subscription } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';

/**
 * Hear identity's events (durable consumer `community-identity`) to forget kept answers at once in
 * every instance: feature decisions after a toggle, taxonomy or housing company change (ADR 0015)
 * and bans after a ban or its lifting. An instance that misses the broadcast forgets within its
 * few seconds (BAN_CACHE_SECONDS) and 30 seconds. Nothing is stored, so a redelivered event is
 * harmless.
 */
export function consumeIdentityEvents(ctx: CommunityContext): Promise<Subscription> {
  return forgetOnIdentityEvents(ctx.bus, {
    service: 'community',
    durable: 'community-identity',
    forget: (what) => {
      if (what.includes('features')) ctx.features.clear();
      if (what.includes('bans')) ctx.identity.forgetBans();
    },
  });
}

import { type Db, enqueueEvent, withTransaction } from '@porta/service-kit';
import type * as schema from '../db/schema.js';
import { outbox } from '../db/schema.js';

/** identity's database handle (the context's db, or a transaction). */
type IdentityContextDb = Db<typeof schema>;

/**
 * The events identity publishes for other services, through its outbox (written in the same
 * transaction as the change, relayed to the bus after commit). Payloads carry ids and the changed
 * state other services need; consumers must be idempotent (message id = outbox id).
 */
export const IDENTITY_EVENTS = {
  userCreated: 'identity.user.created.v1',
  userUpdated: 'identity.user.updated.v1',
  userDeactivated: 'identity.user.deactivated.v1',
  userActivated: 'identity.user.activated.v1',
  userBanned: 'identity.user.banned.v1',
  userUnbanned: 'identity.user.unbanned.v1',
  /**
   * A user was deleted by staff (03 §7 DELETE /user?id; ADR 0013 addendum): identity erased their
   * personal data and roles and keeps only an anonymous row with the id. Payload: userId, by,
   * deletedAt. Other services anonymise what they keep of the user.
   */
  userDeleted: 'identity.user.deleted.v1',
  /** A role in an apartment or housing company was added, changed, scheduled or removed. */
  membershipChanged: 'identity.membership.changed.v1',
  housingCompanyCreated: 'identity.housing-company.created.v1',
  housingCompanyUpdated: 'identity.housing-company.updated.v1',
  apartmentChanged: 'identity.apartment.changed.v1',
  partnerCompanyChanged: 'identity.partner-company.changed.v1',
  partnerCompanyDeleted: 'identity.partner-company.deleted.v1',
  /** A partner company was connected to, changed on or removed from a housing company. */
  housingCompanyPartnerChanged: 'identity.housing-company-partner.changed.v1',
  featureToggleChanged: 'identity.feature-toggle.changed.v1',
  taxonomyChanged: 'identity.taxonomy.changed.v1',
} as const;
export type IdentityEventSubject = (typeof IDENTITY_EVENTS)[keyof typeof IDENTITY_EVENTS];

type IdentityDb = Db<typeof schema>;

/** Record an identity event inside the caller's transaction (use withTransaction). */
export function emitEvent(tx: IdentityDb, subject: IdentityEventSubject, payload: Record<string, unknown>) {
  return enqueueEvent(tx, outbox, subject, payload);
}

/** Run a change and its events in one transaction; the relay publishes the events after commit. */
export async function changeAndPublish<T>(
  ctx: { db: IdentityContextDb; kickEvents(): void },
  fn: (tx: IdentityContextDb) => Promise<T>,
): Promise<T> {
  const result = await withTransaction(ctx.db, fn);
  ctx.kickEvents();
  return result;
}

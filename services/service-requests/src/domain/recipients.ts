import {
  type AudienceMember,
  type DirectoryHousingCompany,
  SERVICE_REQUEST_FALLBACK_RECIPIENT_ROLES,
  SERVICE_REQUEST_RECIPIENT_ROLES,
  type ServiceRequestRecipient,
  type ServiceRequestTypeKey,
} from '@porta/contracts';
import { inArray } from 'drizzle-orm';
import type { ServiceRequestsContext, ServiceRequestsDb } from '../context.js';
import { recipients } from '../db/schema.js';
import { partnerCompaniesOf } from './access.js';

export interface Recipient {
  userId: string;
  firstName: string;
}

const asRecipients = (members: AudienceMember[]): Recipient[] =>
  members.map((m) => ({ userId: m.userId, firstName: m.firstName }));

/**
 * Who a new request goes to (ADR 0018): a request targeted to a resident, that resident; a partner
 * request, the users of the partner company; any other, the holders of its type's roles in the
 * housing company, or its property managers when nobody holds them. Never the sender.
 */
export async function decideRecipients(
  ctx: ServiceRequestsContext,
  r: {
    housingCompanyId: string;
    typeId: ServiceRequestTypeKey;
    targetUser: Recipient | null;
    partnerCompanyId: string | null;
    senderId: string;
  },
): Promise<Recipient[]> {
  let found: Recipient[];
  if (r.targetUser) found = [r.targetUser];
  else if (r.typeId === 'partner') {
    found = asRecipients(await ctx.identity.partnerUsers(r.partnerCompanyId ? [r.partnerCompanyId] : []));
  } else {
    found = asRecipients(
      await ctx.identity.members(r.housingCompanyId, SERVICE_REQUEST_RECIPIENT_ROLES[r.typeId]),
    );
    if (found.every((m) => m.userId === r.senderId)) {
      found = asRecipients(
        await ctx.identity.members(r.housingCompanyId, SERVICE_REQUEST_FALLBACK_RECIPIENT_ROLES),
      );
    }
  }
  return found.filter((m) => m.userId !== r.senderId);
}

/** The user as a member of the housing company (any role in force), or null. */
export async function memberOf(
  ctx: ServiceRequestsContext,
  housingCompanyId: string,
  userId: string,
): Promise<Recipient | null> {
  const [member] = await ctx.identity.members(housingCompanyId, [], [userId]);
  return member ? { userId: member.userId, firstName: member.firstName } : null;
}

/**
 * A user who may be added to a request (a recipient, a forward's target): a member of the housing
 * company, or a user of a partner company serving it; null for anyone else.
 */
export async function addableUser(
  ctx: ServiceRequestsContext,
  hc: DirectoryHousingCompany,
  userId: string,
): Promise<Recipient | null> {
  const member = await memberOf(ctx, hc.id, userId);
  if (member) return member;
  const partners = partnerCompaniesOf(hc).map((c) => c.id);
  const [user] = await ctx.identity.partnerUsers(partners, [userId]);
  return user ? { userId: user.userId, firstName: user.firstName } : null;
}

/** Store recipients of a request (inside its transaction); those it has already are left as they are. */
export async function addRecipients(
  tx: ServiceRequestsDb,
  requestId: string,
  list: readonly Recipient[],
  addedBy: string | null,
): Promise<Recipient[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(recipients)
    .values(list.map((r) => ({ requestId, userId: r.userId, firstName: r.firstName, addedBy })))
    .onConflictDoNothing()
    .returning({ userId: recipients.userId, firstName: recipients.firstName });
  return rows;
}

/** The recipients of requests, by request id, in the order they were added. */
export async function recipientsOf(
  db: ServiceRequestsDb,
  requestIds: readonly string[],
): Promise<Map<string, ServiceRequestRecipient[]>> {
  const out = new Map<string, ServiceRequestRecipient[]>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .select()
    .from(recipients)
    .where(inArray(recipients.requestId, [...requestIds]))
    .orderBy(recipients.createdAt, recipients.userId);
  for (const row of rows) {
    const list = out.get(row.requestId) ?? [];
    list.push({ userId: row.userId, firstName: row.firstName });
    out.set(row.requestId, list);
  }
  return out;
}

import {
  isClosedStatus,
  type Language,
  SERVICE_REQUEST_REMINDER_INTERVAL_MS,
  type ServiceRequest,
  type ServiceRequestForward,
  type ServiceRequestRecipientAdd,
  type ServiceRequestReminder,
  type ServiceRequestResponseCreate,
  zServiceRequestResponseCreate,
} from '@porta/contracts';
import { AppError, type Principal, uuidv7, withTransaction } from '@porta/service-kit';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { recipients, requests, responses } from '../db/schema.js';
import { type Access, loadRequest, nextReminderAt, rightsOf } from './access.js';
import { attachFiles } from './attachments.js';
import { emitEvent } from './events.js';
import { addableUser, addRecipients } from './recipients.js';
import { cleanContent, getRequest, presentOne } from './requests.js';

/** The user ids of a request's recipients. */
async function recipientIds(ctx: ServiceRequestsContext, requestId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: recipients.userId })
    .from(recipients)
    .where(eq(recipients.requestId, requestId));
  return rows.map((r) => r.userId);
}

/** Refuse what cannot be done to a closed (or declined) request. */
function assertOpen(a: Access): void {
  if (isClosedStatus(a.row.statusKey)) throw new AppError('SRQ_ALREADY_CLOSED');
}

/**
 * Answer a request (02 §6: whoever reads it, while it is not closed): the sender and the
 * recipients hear of it, except its writer. Answers the request with its responses.
 */
export async function respond(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  input: ServiceRequestResponseCreate,
  language: Language | undefined,
) {
  const body = zServiceRequestResponseCreate.parse(input);
  await answerRequest(ctx, await loadRequest(ctx, p, id, language), body);
  return getRequest(ctx, p, id, language);
}

/** Answer a request the caller reaches (see respond). */
export async function answerRequest(
  ctx: ServiceRequestsContext,
  a: Access,
  input: ServiceRequestResponseCreate,
): Promise<void> {
  const body = zServiceRequestResponseCreate.parse(input);
  const { principal: p } = a;
  const id = a.row.id;
  assertOpen(a);
  const content = cleanContent(body.content);
  const apartment = [...p.apartments].find(([, apt]) => apt.housingCompanyId === a.row.housingCompanyId);
  const apartmentNo = apartment
    ? ((await ctx.directory.housingCompany(a.row.housingCompanyId))?.apartments.find(
        (x) => x.id === apartment[0],
      )?.no ?? null)
    : null;
  const toRecipients = await recipientIds(ctx, id);
  const audience = [a.row.senderId, ...toRecipients];
  const now = new Date();
  await withTransaction(ctx.db, async (tx) => {
    const [response] = await tx
      .insert(responses)
      .values({
        id: uuidv7(),
        requestId: id,
        housingCompanyId: a.row.housingCompanyId,
        content,
        senderId: p.userId,
        senderName: p.name,
        apartmentId: apartment?.[0] ?? null,
        apartmentNo,
        createdAt: now,
      })
      .returning();
    await attachFiles(
      tx,
      { userId: p.userId, housingCompanyId: a.row.housingCompanyId },
      body.attachmentIds,
      { responseId: response!.id },
    );
    await tx
      .update(requests)
      .set({ responseCount: sql`${requests.responseCount} + 1`, updatedAt: now })
      .where(eq(requests.id, id));
    await emitEvent(tx, 'responseCreated', {
      request: a.row,
      actorId: p.userId,
      userIds: audience,
      at: now,
      // The recipients' e-mails carry their manage links; the sender signs in.
      urlsByUser: ctx.manageLinks.urlsFor(id, toRecipients, now),
      extra: { responseId: response!.id },
    });
  });
  ctx.kickEvents();
}

/**
 * Add a recipient (staff: the housing company's handlers and the developer's staff) or forward to
 * one (handlers and recipients, while not closed): a member of the housing company or a user of a
 * partner company serving it, who hears of it. Adding one who is a recipient already changes
 * nothing; forwarding to them fails.
 */
async function addRecipient(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  userId: string,
  language: Language | undefined,
  forward: boolean,
): Promise<ServiceRequest> {
  const a = await loadRequest(ctx, p, id, language);
  const rights = rightsOf(a);
  if (forward) {
    assertOpen(a);
    if (!rights.canForward) throw new AppError('SRQ_NOT_PERMITTED');
  } else if (!rights.canAddRecipient) throw new AppError('SRQ_NOT_PERMITTED');
  const invalid = forward ? 'SRQ_FORWARD_FAILED' : 'SRQ_RECIPIENT_INVALID';
  const hc = await ctx.directory.housingCompany(a.row.housingCompanyId);
  const user = hc && userId !== p.userId ? await addableUser(ctx, hc, userId) : null;
  if (!user) throw new AppError(invalid);
  const now = new Date();
  await withTransaction(ctx.db, async (tx) => {
    const added = await addRecipients(tx, id, [user], p.userId);
    if (added.length === 0) {
      if (forward) throw new AppError('SRQ_FORWARD_FAILED');
      return;
    }
    await tx.update(requests).set({ updatedAt: now }).where(eq(requests.id, id));
    await emitEvent(tx, 'recipientAdded', {
      request: a.row,
      actorId: p.userId,
      userIds: [user.userId],
      at: now,
      urlsByUser: ctx.manageLinks.urlsFor(id, [user.userId], now),
      extra: { forwarded: forward },
    });
  });
  ctx.kickEvents();
  const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
  return presentOne(ctx, p, row!);
}

export function addRecipientTo(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  body: ServiceRequestRecipientAdd,
  language: Language | undefined,
) {
  return addRecipient(ctx, p, id, body.userId, language, false);
}

/** Forward (02 §8: 'a target user must be selected'). */
export function forwardRequest(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  body: ServiceRequestForward,
  language: Language | undefined,
) {
  if (!body.targetUserId) throw new AppError('SRQ_FORWARD_TARGET_REQUIRED');
  return addRecipient(ctx, p, id, body.targetUserId, language, true);
}

/**
 * Remind the recipients of a request (its sender or handlers, while it is not closed): at most
 * once an hour per request (429 SRQ_REMINDER_TOO_SOON with Retry-After), decided in one
 * conditional update so that two at once send one.
 */
export async function remind(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  language: Language | undefined,
): Promise<ServiceRequestReminder> {
  const a = await loadRequest(ctx, p, id, language);
  assertOpen(a);
  if (!(a.isOwn || a.handler)) throw new AppError('SRQ_NOT_PERMITTED');
  const audience = await recipientIds(ctx, id);
  const now = new Date();
  const since = new Date(now.getTime() - SERVICE_REQUEST_REMINDER_INTERVAL_MS);
  const sent = await withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(requests)
      .set({ lastReminderAt: now })
      .where(
        and(eq(requests.id, id), or(isNull(requests.lastReminderAt), lte(requests.lastReminderAt, since))),
      )
      .returning();
    if (!row) return null;
    await emitEvent(tx, 'reminderSent', {
      request: row,
      actorId: p.userId,
      userIds: audience,
      at: now,
      urlsByUser: ctx.manageLinks.urlsFor(id, audience, now),
    });
    return row;
  });
  if (!sent) {
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
    const wait = Math.max(1, Math.ceil((nextReminderAt(row ?? a.row).getTime() - now.getTime()) / 1000));
    throw new AppError('SRQ_REMINDER_TOO_SOON', { headers: { 'retry-after': String(wait) } });
  }
  ctx.kickEvents();
  return {
    remindedAt: now.toISOString(),
    nextReminderAt: nextReminderAt(sent).toISOString(),
    recipients: audience.filter((u) => u !== p.userId).length,
  };
}

import {
  type AccessTokenClaims,
  type Language,
  type ServiceRequestDetail,
  type ServiceRequestManageParams,
  type ServiceRequestManageResponseCreate,
  type ServiceRequestManageUpdate,
  zServiceRequestManageResponseCreate,
  zServiceRequestManageUpdate,
  zUuid,
} from '@porta/contracts';
import { AppError, Principal } from '@porta/service-kit';
import { and, eq } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { recipients, requests } from '../db/schema.js';
import { type Access, accessOf, requireFeature } from './access.js';
import { answerRequest } from './actions.js';
import { changeRequest, presentDetail } from './requests.js';

/**
 * Managing a request by link (01 §2, 02 §2 /service-requests/manage/{id}/{userId}/{token}, ADR
 * 0018): the recipient a notice went to reads the request with its responses, answers it and moves
 * its status, without signing in. The link is the credential: its token must be this service's for
 * this request and this user and not expired, and the user must still be a recipient (or the
 * target) of the request and a registered, enabled user. Any failure answers the same 404
 * SRQ_MANAGE_LINK_INVALID, telling nothing of whether the request exists.
 */

const invalid = () => new AppError('SRQ_MANAGE_LINK_INVALID');

/**
 * The link's user as a caller: no roles, no housing companies, no partner companies. What they
 * may do comes only from being the request's recipient: read it, answer it while it is not closed,
 * move its status as its handlers do.
 */
function linkPrincipal(userId: string, name: string): Principal {
  const claims: AccessTokenClaims = {
    sub: userId,
    // Not a session: nothing is signed in.
    sid: userId,
    iss: 'porta',
    aud: 'porta',
    exp: 0,
    iat: 0,
    idp: 'portal',
    name,
    roles: [],
    hcs: {},
    apts: {},
    pcs: [],
    ver: 0,
  };
  return new Principal(claims);
}

/** The request as the link's user reaches it, or 404 SRQ_MANAGE_LINK_INVALID. */
export async function manageAccess(
  ctx: ServiceRequestsContext,
  link: ServiceRequestManageParams,
  language: Language | undefined,
): Promise<Access> {
  const { id, userId, token } = link;
  if (!zUuid.safeParse(id).success || !zUuid.safeParse(userId).success) throw invalid();
  if (!ctx.manageLinks.accepts(id, userId, token)) throw invalid();
  const [found] = await ctx.db
    .select({ row: requests, recipient: recipients.userId })
    .from(requests)
    .leftJoin(recipients, and(eq(recipients.requestId, requests.id), eq(recipients.userId, userId)))
    .where(eq(requests.id, id));
  if (!found || (found.recipient === null && found.row.targetUserId !== userId)) throw invalid();
  // A user identity no longer knows as registered and enabled has no link either.
  const name = await ctx.identity.firstName(userId);
  if (name === null) throw invalid();
  await requireFeature(ctx, found.row.housingCompanyId, language);
  return accessOf(linkPrincipal(userId, name), found.row, true);
}

/**
 * Check the link, do what is asked as its user (nothing: a read), and answer the request as the
 * manage page shows it: only what the link lets its user do is offered.
 */
async function byLink(
  ctx: ServiceRequestsContext,
  link: ServiceRequestManageParams,
  language: Language | undefined,
  act?: (a: Access) => Promise<unknown>,
): Promise<ServiceRequestDetail> {
  const a = await manageAccess(ctx, link, language);
  await act?.(a);
  const [row] = await ctx.db.select().from(requests).where(eq(requests.id, a.row.id));
  if (!row) throw invalid();
  const detail = await presentDetail(ctx, a.principal, row);
  return {
    ...detail,
    // Editing and deleting, like uploading, need signing in.
    attachments: detail.attachments.map((file) => ({ ...file, canRemove: false })),
    responses: detail.responses.map((r) => ({
      ...r,
      canEdit: false,
      canDelete: false,
      attachments: r.attachments.map((file) => ({ ...file, canRemove: false })),
    })),
    canEdit: false,
    canChangePublicity: false,
    canDelete: false,
    canAddRecipient: false,
    canForward: false,
    canRemind: false,
    canChangeInternalId: false,
    canChangeType: false,
  };
}

/** GET /manage/:id/:userId/:token: the request with its responses, as its recipient sees it. */
export function manageGet(
  ctx: ServiceRequestsContext,
  link: ServiceRequestManageParams,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  return byLink(ctx, link, language);
}

/** POST /manage/:id/:userId/:token/responses: answer as the link's user, while not closed. */
export function manageRespond(
  ctx: ServiceRequestsContext,
  link: ServiceRequestManageParams,
  input: ServiceRequestManageResponseCreate,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  const body = zServiceRequestManageResponseCreate.parse(input);
  return byLink(ctx, link, language, (a) => answerRequest(ctx, a, body));
}

/** PUT /manage/:id/:userId/:token: move the status as the link's user (a recipient: a handler). */
export function manageUpdate(
  ctx: ServiceRequestsContext,
  link: ServiceRequestManageParams,
  input: ServiceRequestManageUpdate,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  const { statusKey, sendNotification } = zServiceRequestManageUpdate.parse(input);
  return byLink(ctx, link, language, (a) => changeRequest(ctx, a, { statusKey, sendNotification }, language));
}

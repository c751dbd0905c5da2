import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zSkipLimitPage, zSkipLimitPaging, zUuid } from '../common.js';
import { PAGE_SIZE_SERVICE_REQUESTS } from '../constants.js';
import {
  SERVICE_REQUEST_ATTACHMENTS_MAX,
  SERVICE_REQUEST_CONTENT_MAX_CHARS,
  SERVICE_REQUEST_INTERNAL_ID_MAX_CHARS,
  SERVICE_REQUEST_PAGE_MAX,
  SERVICE_REQUEST_SUBJECT_MAX_CHARS,
  SERVICE_REQUEST_TEL_MAX_CHARS,
} from './limits.js';
import {
  zServiceRequestFilter,
  zServiceRequestLanguage,
  zServiceRequestStatus,
  zServiceRequestTypeKey,
} from './types.js';

/**
 * Service requests and their responses (02 §3 entities, §7 calls): a resident sends a request of a
 * type to the people the type names, to a partner company or to another resident; they and the
 * housing company's managers answer it and move its status. REST of our own under
 * /api/service-requests (ADR 0018).
 */

/** An uploaded file on a request or a response; served only to those who may read the request. */
export const zServiceRequestAttachment = z.object({
  id: zUuid,
  url: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /**
   * The caller may remove it (ADR 0018): its uploader while the request is not closed; admin, the
   * developer's staff and the company's property and maintenance managers any time. False on a
   * fresh upload (not on anything yet).
   */
  canRemove: z.boolean(),
});
export type ServiceRequestAttachment = z.infer<typeof zServiceRequestAttachment>;

/** Who sent it, as they were when they sent it (02 §3 sender, senderTel, aptExtId). */
export const zServiceRequestSender = z.object({
  id: zUuid,
  /** Display name. */
  name: z.string(),
  tel: z.string().nullable(),
  apartmentId: zUuid.nullable(),
  /** The apartment's number, e.g. "B 14". */
  apartment: z.string().nullable(),
});
export type ServiceRequestSender = z.infer<typeof zServiceRequestSender>;

export const zServiceRequestRecipient = z.object({ userId: zUuid, firstName: z.string() });
export type ServiceRequestRecipient = z.infer<typeof zServiceRequestRecipient>;

/** What the caller may do with a request (ADR 0018: who changes what). */
export const zServiceRequestRights = z.object({
  /** The caller sent it. */
  isOwn: z.boolean(),
  /** Its content (the sender while it is open). */
  canEdit: z.boolean(),
  /** Status, type and partner (handlers; the sender may only close it). */
  canChangeStatus: z.boolean(),
  /** Public and visible in apartment (the sender and handlers). */
  canChangePublicity: z.boolean(),
  canRespond: z.boolean(),
  canDelete: z.boolean(),
  /** Add a recipient (the housing company's handlers and the developer's staff). */
  canAddRecipient: z.boolean(),
  /** Forward to another user (handlers and recipients). */
  canForward: z.boolean(),
  /** Send a reminder to the recipients (the sender and handlers, not closed, once an hour). */
  canRemind: z.boolean(),
  /** Set the internal id, the handlers' own reference (handlers). */
  canChangeInternalId: z.boolean(),
  /** Change the type and, for a partner request, the partner company (handlers; recipients follow). */
  canChangeType: z.boolean(),
});
export type ServiceRequestRights = z.infer<typeof zServiceRequestRights>;

export const zServiceRequest = z.object({
  id: zUuid,
  /** The property manager's own reference. */
  internalId: z.string().nullable(),
  housingCompanyId: zUuid,
  typeId: zServiceRequestTypeKey,
  /** Plain text; the type's name when none was written. */
  subject: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  statusKey: zServiceRequestStatus,
  /** closed or declined. */
  closed: z.boolean(),
  public: z.boolean(),
  /** The other residents of the sender's apartment see it too. */
  visibleInApartment: z.boolean(),
  urgentRequest: z.boolean(),
  targetedToUser: z.boolean(),
  targetUserId: zUuid.nullable(),
  partnerCompanyId: zUuid.nullable(),
  sender: zServiceRequestSender,
  recipients: z.array(zServiceRequestRecipient),
  attachments: z.array(zServiceRequestAttachment),
  responseCount: z.number().int(),
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
  /** When it was closed or declined; null while open or in progress. */
  closedAt: zIsoDateTime.nullable(),
  lastReminderAt: zIsoDateTime.nullable(),
  ...zServiceRequestRights.shape,
});
export type ServiceRequest = z.infer<typeof zServiceRequest>;

/**
 * A response. A deleted one keeps its place (like a deleted comment in community): isDeleted, no
 * content, no attachments; the apps show "reply deleted" where it was.
 */
export const zServiceRequestResponse = z.object({
  id: zUuid,
  serviceRequestId: zUuid,
  /** Sanitised HTML; empty when deleted. */
  content: z.string(),
  sender: zServiceRequestSender,
  attachments: z.array(zServiceRequestAttachment),
  createdAt: zIsoDateTime,
  /** When its writer last changed the content; null when never. */
  editedAt: zIsoDateTime.nullable(),
  isDeleted: z.boolean(),
  isOwn: z.boolean(),
  /** Change its content: its writer while the request is not closed. */
  canEdit: z.boolean(),
  /**
   * Delete it: its writer while the request is not closed; admin, the developer's staff and the
   * company's property and maintenance managers any time (moderation).
   */
  canDelete: z.boolean(),
});
export type ServiceRequestResponse = z.infer<typeof zServiceRequestResponse>;

/** GET /requests/:id: the request with its responses, oldest first. */
export const zServiceRequestDetail = zServiceRequest.extend({ responses: z.array(zServiceRequestResponse) });
export type ServiceRequestDetail = z.infer<typeof zServiceRequestDetail>;

/** A housing company's requests the caller sees, newest first, 10 a page. */
export const zServiceRequestListQuery = z.strictObject({
  housingCompanyId: zUuid,
  filter: zServiceRequestFilter.default('all'),
  type: zServiceRequestTypeKey.optional(),
  ...zSkipLimitPaging(PAGE_SIZE_SERVICE_REQUESTS, SERVICE_REQUEST_PAGE_MAX),
  lang: zServiceRequestLanguage.optional(),
});
export type ServiceRequestListQuery = z.input<typeof zServiceRequestListQuery>;

/**
 * The staff's CSV export (02 §7 getServiceRequests with format=csv): the list's filters, every
 * matching request the caller sees, streamed; the file is named with the day. Without a housing
 * company: every company the caller handles (all of them for the developer's staff).
 */
export const zServiceRequestExportQuery = z.strictObject({
  housingCompanyId: zUuid.optional(),
  filter: zServiceRequestFilter.default('all'),
  type: zServiceRequestTypeKey.optional(),
  /** The staff list's filters too: one status, and words of the subject, sender or internal id. */
  statusKey: zServiceRequestStatus.optional(),
  q: z.string().trim().max(SERVICE_REQUEST_SUBJECT_MAX_CHARS).optional(),
  format: z.literal('csv').default('csv'),
  lang: zServiceRequestLanguage.optional(),
});
export type ServiceRequestExportQuery = z.input<typeof zServiceRequestExportQuery>;

/** The export's columns, in order. */
export const SERVICE_REQUEST_CSV_COLUMNS = [
  'id',
  'internalId',
  'createdAt',
  'type',
  'subject',
  'status',
  'closed',
  'public',
  'urgent',
  'visibleInApartment',
  'sender',
  'apartment',
  'senderTel',
  'responses',
  'closedAt',
] as const;

export const zServiceRequestList = zSkipLimitPage(zServiceRequest);

/**
 * The staff app's list (03 /admin/service-requests; ra-data-simple-rest: sort, range, filter,
 * Content-Range): the requests of every housing company the caller handles, all of them for the
 * developer's staff. `view` is the resident list's filter (all, closed, pending, public).
 */
export const ADMIN_SERVICE_REQUEST_SORT_FIELDS = ['createdAt', 'statusKey', 'typeId', 'subject'] as const;
export const zAdminServiceRequestFilter = {
  housingCompanyId: zUuid.optional(),
  view: zServiceRequestFilter.optional(),
  typeId: zServiceRequestTypeKey.optional(),
  statusKey: zServiceRequestStatus.optional(),
  /**
   * true: pending and not updated for SERVICE_REQUEST_OVERDUE_DAYS days (overdue); false: the
   * others.
   */
  overdue: z.boolean().optional(),
  /** Words of the subject, the sender's name or the internal id. */
  q: z.string().trim().max(SERVICE_REQUEST_SUBJECT_MAX_CHARS).optional(),
  id: z.array(zUuid).max(1000).optional(),
};
export const zAdminServiceRequestListQuery = zAdminListQuery(
  zAdminServiceRequestFilter,
  ADMIN_SERVICE_REQUEST_SORT_FIELDS,
);
export type AdminServiceRequestListQuery = z.infer<typeof zAdminServiceRequestListQuery>;
export const zAdminServiceRequestList = z.array(zServiceRequest);

/**
 * GET /targets: the residents a request can be sent to (02 §5 targetedToUser): the housing
 * company's members with a public profile, but not the caller, by first name and apartment.
 */
export const zServiceRequestTarget = z.object({
  userId: zUuid,
  name: z.string(),
  /** Their apartments' numbers in the company, e.g. "A 1, B 14"; null for a role on the company only. */
  apartment: z.string().nullable(),
});
export type ServiceRequestTarget = z.infer<typeof zServiceRequestTarget>;
export const zServiceRequestTargetList = z.object({ items: z.array(zServiceRequestTarget) });
export type ServiceRequestTargetList = z.infer<typeof zServiceRequestTargetList>;
export type ServiceRequestList = z.infer<typeof zServiceRequestList>;

/** HTML; sanitised on the server, and required once sanitised (02 §5). */
const zContent = z.string().max(SERVICE_REQUEST_CONTENT_MAX_CHARS);
const zAttachmentIds = z.array(zUuid).max(SERVICE_REQUEST_ATTACHMENTS_MAX).default([]);

export const zServiceRequestCreate = z.strictObject({
  housingCompanyId: zUuid,
  typeId: zServiceRequestTypeKey,
  /** Plain text; blank or missing: the type's name. */
  subject: z.string().max(SERVICE_REQUEST_SUBJECT_MAX_CHARS).nullish(),
  content: zContent,
  public: z.boolean().default(false),
  urgentRequest: z.boolean().default(false),
  visibleInApartment: z.boolean().default(false),
  /** One of the sender's apartments in the housing company (their only one when missing). */
  apartmentId: zUuid.nullish(),
  senderTel: z.string().trim().max(SERVICE_REQUEST_TEL_MAX_CHARS).nullish(),
  /** To another resident of the housing company; applies only when not public (02 §5). */
  targetedToUser: z.boolean().default(false),
  targetUserId: zUuid.nullish(),
  /** The partner company (type partner): one of the housing company's, from GET /types. */
  partnerCompanyId: zUuid.nullish(),
  /** Files uploaded by the sender to POST /attachments, not yet on a request or response. */
  attachmentIds: zAttachmentIds,
});
export type ServiceRequestCreate = z.input<typeof zServiceRequestCreate>;

/** PUT /requests/:id: what changes (ADR 0018 says who may change what). */
export const zServiceRequestUpdate = z.strictObject({
  statusKey: zServiceRequestStatus.optional(),
  public: z.boolean().optional(),
  visibleInApartment: z.boolean().optional(),
  /** Tell the sender of the status change (02 §4: optional). */
  sendNotification: z.boolean().default(false),
  typeId: zServiceRequestTypeKey.optional(),
  partnerCompanyId: zUuid.nullish(),
  internalId: z.string().trim().max(SERVICE_REQUEST_INTERNAL_ID_MAX_CHARS).nullish(),
  content: zContent.optional(),
});
export type ServiceRequestUpdate = z.input<typeof zServiceRequestUpdate>;

export const zServiceRequestResponseCreate = z.strictObject({
  content: zContent,
  attachmentIds: zAttachmentIds,
});
export type ServiceRequestResponseCreate = z.input<typeof zServiceRequestResponseCreate>;

/** PUT /requests/:id/responses/:responseId: the new content (its writer, while the request is not closed). */
export const zServiceRequestResponseUpdate = z.strictObject({ content: zContent });
export type ServiceRequestResponseUpdate = z.input<typeof zServiceRequestResponseUpdate>;

/** POST /requests/:id/recipients: a member of the housing company or a user of its partner companies. */
export const zServiceRequestRecipientAdd = z.strictObject({ userId: zUuid });
export type ServiceRequestRecipientAdd = z.infer<typeof zServiceRequestRecipientAdd>;

/** POST /requests/:id/forward: the target user is required ('a target user must be selected'). */
export const zServiceRequestForward = z.strictObject({ targetUserId: zUuid.nullish() });
export type ServiceRequestForward = z.input<typeof zServiceRequestForward>;

/** POST /requests/:id/reminder: when it was sent and when the next one may be. */
export const zServiceRequestReminder = z.object({
  remindedAt: zIsoDateTime,
  nextReminderAt: zIsoDateTime,
  /** The recipients told. */
  recipients: z.number().int(),
});
export type ServiceRequestReminder = z.infer<typeof zServiceRequestReminder>;

export const zServiceRequestIdParam = z.strictObject({ id: zUuid });
/** /requests/:id/responses/:responseId */
export const zServiceRequestResponseParams = z.strictObject({ id: zUuid, responseId: zUuid });
export type ServiceRequestResponseParams = z.infer<typeof zServiceRequestResponseParams>;
/** /requests/:id/attachments/:attachmentId */
export const zServiceRequestAttachmentParams = z.strictObject({ id: zUuid, attachmentId: zUuid });
export type ServiceRequestAttachmentParams = z.infer<typeof zServiceRequestAttachmentParams>;
/** /requests/:id/responses/:responseId/attachments/:attachmentId */
export const zServiceRequestResponseAttachmentParams = z.strictObject({
  id: zUuid,
  responseId: zUuid,
  attachmentId: zUuid,
});
export type ServiceRequestResponseAttachmentParams = z.infer<typeof zServiceRequestResponseAttachmentParams>;
export const zServiceRequestLangQuery = z.strictObject({ lang: zServiceRequestLanguage.optional() });

/**
 * /manage/:id/:userId/:token (public: the link is the credential, ADR 0018). Plain text here: a
 * malformed id or token answers like any other bad link (404 SRQ_MANAGE_LINK_INVALID), not 400.
 */
export const zServiceRequestManageParams = z.strictObject({
  id: z.string().describe('the request id'),
  userId: z.string().describe('the id of the user the link was sent to'),
  token: z.string().describe('<expiry>.<mac>'),
});
export type ServiceRequestManageParams = z.infer<typeof zServiceRequestManageParams>;

/** POST /manage/:id/:userId/:token/responses: an answer as the link's user (no attachments: uploads need signing in). */
export const zServiceRequestManageResponseCreate = z.strictObject({ content: zContent });
export type ServiceRequestManageResponseCreate = z.input<typeof zServiceRequestManageResponseCreate>;

/** PUT /manage/:id/:userId/:token: the status, as a recipient may move it. */
export const zServiceRequestManageUpdate = z.strictObject({
  statusKey: zServiceRequestStatus,
  /** Tell the sender of the status change (02 §4: optional). */
  sendNotification: z.boolean().default(false),
});
export type ServiceRequestManageUpdate = z.input<typeof zServiceRequestManageUpdate>;

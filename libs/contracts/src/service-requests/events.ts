import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { zServiceRequestLanguage, zServiceRequestStatus } from './types.js';

/**
 * Events the service-requests service publishes (subjects `service-requests.<entity>.<verb>.v1`)
 * through its outbox, for the notifications service. Each carries the notification type
 * service_request (no settings key applies: always delivered, 01 §3), the title in every language,
 * the request's address in the resident app and its audience (named users, resolved when the event
 * is written), never the one who acted.
 */
export const SERVICE_REQUEST_EVENTS = {
  /** A new request: its recipients. */
  requestCreated: 'service-requests.request.created.v1',
  /** A new response: the sender and the recipients, except its writer. */
  responseCreated: 'service-requests.response.created.v1',
  /** A status change with sendNotification: the sender. */
  statusChanged: 'service-requests.status.changed.v1',
  /** A recipient added, by forward or by staff: the new recipient. */
  recipientAdded: 'service-requests.recipient.added.v1',
  /** A reminder: the recipients, except the one reminding. */
  reminderSent: 'service-requests.reminder.sent.v1',
} as const;
export type ServiceRequestEventSubject = (typeof SERVICE_REQUEST_EVENTS)[keyof typeof SERVICE_REQUEST_EVENTS];

/**
 * Changes that are recorded but told to nobody (no notice: the notifications service reads only
 * SERVICE_REQUEST_EVENTS): a response edited or deleted (by its writer or a manager), an
 * attachment removed. They carry who did it and what, for whoever follows the requests.
 */
export const SERVICE_REQUEST_CHANGE_EVENTS = {
  responseUpdated: 'service-requests.response.updated.v1',
  responseDeleted: 'service-requests.response.deleted.v1',
  attachmentRemoved: 'service-requests.attachment.removed.v1',
} as const;
export type ServiceRequestChangeEventSubject =
  (typeof SERVICE_REQUEST_CHANGE_EVENTS)[keyof typeof SERVICE_REQUEST_CHANGE_EVENTS];

/** A response edited or deleted, or an attachment removed (SERVICE_REQUEST_CHANGE_EVENTS). */
export const zServiceRequestChangeEvent = z.object({
  serviceRequestId: zUuid,
  housingCompanyId: zUuid,
  /** Who changed it: its writer or uploader, or a manager (moderation). */
  actorId: zUuid,
  /** The response edited or deleted, or the one the attachment was on (null: on the request). */
  responseId: zUuid.nullable(),
  /** The attachment removed (attachment.removed only). */
  attachmentId: zUuid.optional(),
  /** The writer of the response, or the uploader of the attachment. */
  authorId: zUuid,
  createdAt: zIsoDateTime,
});
export type ServiceRequestChangeEvent = z.infer<typeof zServiceRequestChangeEvent>;

/** The resident app's address of a request (02 §2). */
export function serviceRequestUrl(serviceRequestId: string): string {
  return `/support/service-requests/${serviceRequestId}`;
}

/**
 * The resident app's address of a recipient's manage link (01 §2, 02 §2
 * /service-requests/manage/{id}/{userId}/{token}): that user acts on that request without signing in.
 */
export function serviceRequestManageUrl(serviceRequestId: string, userId: string, token: string): string {
  return `/service-requests/manage/${serviceRequestId}/${userId}/${token}`;
}

/** What every service-request event carries. */
export const zServiceRequestEvent = z.object({
  serviceRequestId: zUuid,
  housingCompanyId: zUuid,
  /** Who acted (sent, answered, changed, forwarded, reminded): never told. */
  actorId: zUuid,
  type: z.literal('service_request'),
  urgentRequest: z.boolean(),
  titles: z.partialRecord(zServiceRequestLanguage, z.string()),
  defaultLanguage: zServiceRequestLanguage,
  url: z.string(),
  /**
   * A recipient's own address, by user id: their manage link (serviceRequestManageUrl), which the
   * e-mail to them carries instead of url. Missing when the service gives no manage links.
   */
  urlsByUser: z.record(zUuid, z.string()).optional(),
  audience: z.object({ userIds: z.array(zUuid) }),
  createdAt: zIsoDateTime,
});
export type ServiceRequestEvent = z.infer<typeof zServiceRequestEvent>;

export const zServiceRequestCreatedEvent = zServiceRequestEvent;
export type ServiceRequestCreatedEvent = z.infer<typeof zServiceRequestCreatedEvent>;

export const zServiceRequestResponseCreatedEvent = zServiceRequestEvent.extend({ responseId: zUuid });
export type ServiceRequestResponseCreatedEvent = z.infer<typeof zServiceRequestResponseCreatedEvent>;

export const zServiceRequestStatusChangedEvent = zServiceRequestEvent.extend({
  from: zServiceRequestStatus,
  statusKey: zServiceRequestStatus,
});
export type ServiceRequestStatusChangedEvent = z.infer<typeof zServiceRequestStatusChangedEvent>;

export const zServiceRequestRecipientAddedEvent = zServiceRequestEvent.extend({
  /** Forwarded by a handler, or added by staff or by a change of type or partner company. */
  forwarded: z.boolean(),
});
export type ServiceRequestRecipientAddedEvent = z.infer<typeof zServiceRequestRecipientAddedEvent>;

export const zServiceRequestReminderSentEvent = zServiceRequestEvent;
export type ServiceRequestReminderSentEvent = z.infer<typeof zServiceRequestReminderSentEvent>;

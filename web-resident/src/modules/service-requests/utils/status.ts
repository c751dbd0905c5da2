import { isClosedStatus, type ServiceRequest, type ServiceRequestStatus } from '@porta/contracts';

/**
 * The statuses a request may move to from `current` (ADR 0018): open and in progress both ways;
 * either of them to closed or declined; closed or declined back to open.
 */
export function nextStatuses(current: ServiceRequestStatus): ServiceRequestStatus[] {
  switch (current) {
    case 'open':
      return ['inprogress', 'closed', 'declined'];
    case 'inprogress':
      return ['open', 'closed', 'declined'];
    default:
      return ['open'];
  }
}

type Rights = Pick<ServiceRequest, 'isOwn' | 'canChangeStatus' | 'canForward' | 'statusKey'>;

/**
 * Whether the reader moves the status as a handler (any allowed status), rather than only as the
 * sender, who may only close their own (ADR 0018). The service gives the sender canChangeStatus
 * only while the request is not closed, and forwarding only to handlers: a sender who can change a
 * closed request, or forward it, handles it too.
 */
export function handlesStatus(request: Rights): boolean {
  if (!request.canChangeStatus) return false;
  return !request.isOwn || request.canForward || isClosedStatus(request.statusKey);
}

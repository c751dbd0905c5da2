import type {
  ServiceRequest,
  ServiceRequestAttachment,
  ServiceRequestDetail,
  ServiceRequestList,
  ServiceRequestResponse,
  ServiceRequestTypeList,
} from '@porta/contracts';
import { IDS } from '../../../testing/fixtures';

/** Test data of the service-requests service's answers (valid against the contracts). */

export function srqId(n: number): string {
  return `7e0f1a2b-3c4d-4e5f-8a6b-${String(n).padStart(12, '0')}`;
}

export const REQUEST_ID = srqId(1);
export const HANDLER_ID = srqId(900);
export const NEIGHBOUR_ID = srqId(901);
export const PARTNER_COMPANY_ID = srqId(950);

/** The signed-in user of the fixtures (Olivia Owner, apartment A 1) as a sender. */
export const olivia = {
  id: IDS.user,
  name: 'Olivia Owner',
  tel: '+358 40 123 4567',
  apartmentId: IDS.demoApt,
  apartment: 'A 1',
};

export const manager = {
  id: HANDLER_ID,
  name: 'Pekka Manager',
  tel: null,
  apartmentId: null,
  apartment: null,
};

const noRights = {
  isOwn: false,
  canEdit: false,
  canChangeStatus: false,
  canChangePublicity: false,
  canRespond: true,
  canDelete: false,
  canAddRecipient: false,
  canForward: false,
  canRemind: false,
  canChangeInternalId: false,
  canChangeType: false,
};

/** What the sender may do with their own open request. */
export const senderRights = {
  ...noRights,
  isOwn: true,
  canEdit: true,
  canChangeStatus: true,
  canChangePublicity: true,
  canDelete: true,
  canRemind: true,
};

/** What a housing company's handler may do. */
export const handlerRights = {
  ...noRights,
  canChangeStatus: true,
  canChangePublicity: true,
  canAddRecipient: true,
  canForward: true,
  canRemind: true,
  canDelete: true,
  canChangeInternalId: true,
  canChangeType: true,
};

export function serviceRequest(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: REQUEST_ID,
    internalId: null,
    housingCompanyId: IDS.demoHc,
    typeId: 'maintenance_dispatch',
    subject: 'Dripping tap in the kitchen',
    content: '<p>The kitchen tap drips all night.</p>',
    statusKey: 'open',
    closed: false,
    public: false,
    visibleInApartment: false,
    urgentRequest: false,
    targetedToUser: false,
    targetUserId: null,
    partnerCompanyId: null,
    sender: olivia,
    recipients: [{ userId: HANDLER_ID, firstName: 'Pekka' }],
    attachments: [],
    responseCount: 0,
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    closedAt: null,
    lastReminderAt: null,
    ...senderRights,
    ...overrides,
  };
}

export function detail(
  overrides: Partial<ServiceRequestDetail> = {},
  responses: ServiceRequestResponse[] = [],
): ServiceRequestDetail {
  return { ...serviceRequest(), responseCount: responses.length, responses, ...overrides };
}

export function response(n: number, overrides: Partial<ServiceRequestResponse> = {}): ServiceRequestResponse {
  return {
    id: srqId(100 + n),
    serviceRequestId: REQUEST_ID,
    content: `<p>Response number ${n}</p>`,
    sender: manager,
    attachments: [],
    createdAt: `2026-03-0${2 + n}T09:00:00.000Z`,
    editedAt: null,
    isDeleted: false,
    isOwn: false,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

export function attachment(
  n: number,
  fileName: string,
  mimeType: string,
  overrides: Partial<ServiceRequestAttachment> = {},
): ServiceRequestAttachment {
  const id = srqId(500 + n);
  return {
    id,
    url: `/api/service-requests/attachments/${id}`,
    fileName,
    mimeType,
    size: 2048,
    canRemove: false,
    ...overrides,
  };
}

export function listPage(
  items: ServiceRequest[],
  { total = items.length, skip = 0, limit = 10 } = {},
): ServiceRequestList {
  return { items, total, skip, limit };
}

export function types(
  keys: ServiceRequestTypeList['items'][number]['key'][] = [
    'maintenance_dispatch',
    'common_area_fault',
    'partner',
  ],
): ServiceRequestTypeList {
  return {
    items: keys.map((key) => ({ key, name: key, needsPartner: key === 'partner' })),
    partnerCompanies: keys.includes('partner')
      ? [{ id: PARTNER_COMPANY_ID, name: 'Demo Kitchen Partners Oy' }]
      : [],
  };
}

/** The app's toast region (a polite live region, always in the page). */
export function toasts(): HTMLElement {
  const region = document.querySelector<HTMLElement>('.toasts[aria-live="polite"]');
  if (!region) throw new Error('No toast region');
  return region;
}

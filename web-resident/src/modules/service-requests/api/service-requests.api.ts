import type {
  Language,
  ServiceRequest,
  ServiceRequestAttachment,
  ServiceRequestCreate,
  ServiceRequestDetail,
  ServiceRequestFilter,
  ServiceRequestList,
  ServiceRequestManageUpdate,
  ServiceRequestReminder,
  ServiceRequestResponseCreate,
  ServiceRequestTargetList,
  ServiceRequestTypeKey,
  ServiceRequestTypeList,
  ServiceRequestUpdate,
  zServiceRequest,
  zServiceRequestAttachment,
  zServiceRequestDetail,
  zServiceRequestList,
  zServiceRequestReminder,
  zServiceRequestTargetList,
  zServiceRequestTypeList,
} from '@porta/contracts';
import { answer, fetchJson, type SessionClient } from '@porta/web-kit';
import { authorizedFetch, queryString } from '../../../shared/utils/http';
import { type UploadOptions, uploadFile } from '../../../shared/utils/upload';

export const SERVICE_REQUESTS_BASE = '/api/service-requests';
const segment = encodeURIComponent;

export interface ServiceRequestListParams {
  housingCompanyId: string;
  filter: ServiceRequestFilter;
  type?: ServiceRequestTypeKey | undefined;
  skip: number;
  limit: number;
  lang?: Language;
}

/**
 * The service-requests service as the resident app uses it (02 §7, ADR 0018: our own REST under
 * /api/service-requests, through the gateway). `lang` is the language the feature decision and the
 * answers' texts are asked in. Every answer is checked against its contract.
 */
export interface ServiceRequestsApi {
  /** GET /types: the types a request can be sent as in the housing company, and its partner companies. */
  listTypes(housingCompanyId: string, lang?: Language): Promise<ServiceRequestTypeList>;
  /** GET /targets: the residents a private request can be sent to. */
  listTargets(housingCompanyId: string, lang?: Language): Promise<ServiceRequestTargetList>;
  /** GET /requests: the housing company's requests the caller sees, newest first, a skip/limit page. */
  listRequests(params: ServiceRequestListParams): Promise<ServiceRequestList>;
  /** GET /requests/:id: the request with its responses (oldest first) and the caller's rights. */
  getRequest(id: string, lang?: Language): Promise<ServiceRequestDetail>;
  createRequest(input: ServiceRequestCreate, lang?: Language): Promise<ServiceRequest>;
  updateRequest(id: string, input: ServiceRequestUpdate, lang?: Language): Promise<ServiceRequest>;
  deleteRequest(id: string, lang?: Language): Promise<void>;
  /** POST /requests/:id/responses: answers the request with its responses. */
  respond(id: string, input: ServiceRequestResponseCreate, lang?: Language): Promise<ServiceRequestDetail>;
  /** PUT /requests/:id/responses/:responseId: its writer changes its content (while not closed). */
  editResponse(
    id: string,
    responseId: string,
    content: string,
    lang?: Language,
  ): Promise<ServiceRequestDetail>;
  /** DELETE /requests/:id/responses/:responseId: it keeps its place, without content. */
  deleteResponse(id: string, responseId: string, lang?: Language): Promise<ServiceRequestDetail>;
  /**
   * DELETE /requests/:id/attachments/:attachmentId, or …/responses/:responseId/attachments/… for a
   * response's file. Answers the request with its responses.
   */
  removeAttachment(
    id: string,
    file: { attachmentId: string; responseId: string | null },
    lang?: Language,
  ): Promise<ServiceRequestDetail>;
  remind(id: string, lang?: Language): Promise<ServiceRequestReminder>;
  /** POST /attachments (multipart field "file"), reporting the upload's progress. */
  uploadAttachment(
    housingCompanyId: string,
    file: File,
    options?: UploadOptions & { lang?: Language },
  ): Promise<ServiceRequestAttachment>;
  /** An attachment's file (served to those who may read its request, so fetched with the token). */
  fetchAttachment(url: string): Promise<Blob>;
}

export function createServiceRequestsApi(session: SessionClient): ServiceRequestsApi {
  const call = (method: string, path: string, body?: unknown) =>
    session.request(method, `${SERVICE_REQUESTS_BASE}${path}`, body);
  const lq = (lang?: Language) => queryString({ lang });

  return {
    async listTypes(housingCompanyId, lang) {
      return answer<typeof zServiceRequestTypeList>(
        await call('GET', `/types${queryString({ housingCompanyId, lang })}`),
      );
    },
    async listTargets(housingCompanyId, lang) {
      return answer<typeof zServiceRequestTargetList>(
        await call('GET', `/targets${queryString({ housingCompanyId, lang })}`),
      );
    },
    async listRequests({ housingCompanyId, filter, type, skip, limit, lang }) {
      const query = queryString({ housingCompanyId, filter, type, skip, limit, lang });
      return answer<typeof zServiceRequestList>(await call('GET', `/requests${query}`));
    },
    async getRequest(id, lang) {
      return answer<typeof zServiceRequestDetail>(await call('GET', `/requests/${segment(id)}${lq(lang)}`));
    },
    async createRequest(input, lang) {
      return answer<typeof zServiceRequest>(await call('POST', `/requests${lq(lang)}`, input));
    },
    async updateRequest(id, input, lang) {
      return answer<typeof zServiceRequest>(await call('PUT', `/requests/${segment(id)}${lq(lang)}`, input));
    },
    async deleteRequest(id, lang) {
      await call('DELETE', `/requests/${segment(id)}${lq(lang)}`);
    },
    async respond(id, input, lang) {
      return answer<typeof zServiceRequestDetail>(
        await call('POST', `/requests/${segment(id)}/responses${lq(lang)}`, input),
      );
    },
    async editResponse(id, responseId, content, lang) {
      return answer<typeof zServiceRequestDetail>(
        await call('PUT', `/requests/${segment(id)}/responses/${segment(responseId)}${lq(lang)}`, {
          content,
        }),
      );
    },
    async deleteResponse(id, responseId, lang) {
      return answer<typeof zServiceRequestDetail>(
        await call('DELETE', `/requests/${segment(id)}/responses/${segment(responseId)}${lq(lang)}`),
      );
    },
    async removeAttachment(id, { attachmentId, responseId }, lang) {
      const on = responseId ? `/responses/${segment(responseId)}` : '';
      return answer<typeof zServiceRequestDetail>(
        await call('DELETE', `/requests/${segment(id)}${on}/attachments/${segment(attachmentId)}${lq(lang)}`),
      );
    },
    async remind(id, lang) {
      return answer<typeof zServiceRequestReminder>(
        await call('POST', `/requests/${segment(id)}/reminder${lq(lang)}`),
      );
    },
    async uploadAttachment(housingCompanyId, file, { lang, ...options } = {}) {
      const url = `${SERVICE_REQUESTS_BASE}/attachments${queryString({ housingCompanyId, lang })}`;
      return answer<typeof zServiceRequestAttachment>(await uploadFile(session, url, file, options));
    },
    async fetchAttachment(url) {
      return (await authorizedFetch(session, url)).blob();
    },
  };
}

/** A manage link's parts (01 §2 /service-requests/manage/{id}/{userId}/{token}). */
export interface ManageLink {
  id: string;
  userId: string;
  token: string;
}

/**
 * Managing one request by the link in a recipient's e-mail (ADR 0018): public calls, the link is
 * the credential, so no session token is sent. Any bad link answers 404 SRQ_MANAGE_LINK_INVALID.
 */
export interface ServiceRequestManageApi {
  get(link: ManageLink, lang?: Language): Promise<ServiceRequestDetail>;
  /** Answer as the link's recipient (no attachments: uploads need signing in). */
  respond(link: ManageLink, content: string, lang?: Language): Promise<ServiceRequestDetail>;
  update(link: ManageLink, input: ServiceRequestManageUpdate, lang?: Language): Promise<ServiceRequestDetail>;
}

export function createServiceRequestManageApi(): ServiceRequestManageApi {
  const path = ({ id, userId, token }: ManageLink) =>
    `${SERVICE_REQUESTS_BASE}/manage/${segment(id)}/${segment(userId)}/${segment(token)}`;
  const lq = (lang?: Language) => queryString({ lang });
  return {
    async get(link, lang) {
      return answer<typeof zServiceRequestDetail>(await fetchJson('GET', `${path(link)}${lq(lang)}`));
    },
    async respond(link, content, lang) {
      return answer<typeof zServiceRequestDetail>(
        await fetchJson('POST', `${path(link)}/responses${lq(lang)}`, { content }),
      );
    },
    async update(link, input, lang) {
      return answer<typeof zServiceRequestDetail>(await fetchJson('PUT', `${path(link)}${lq(lang)}`, input));
    },
  };
}

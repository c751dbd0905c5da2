import {
  type Language,
  PAGE_SIZE_SERVICE_REQUESTS,
  type ServiceRequest,
  type ServiceRequestCreate,
  type ServiceRequestDetail,
  type ServiceRequestReminder,
  type ServiceRequestResponseCreate,
  type ServiceRequestUpdate,
} from '@porta/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { housingCompanyDataKey } from '../../housing-company';
import { useContentScope } from '../../news';
import type { ServiceRequestsApi } from '../api/service-requests.api';
import type { ListView } from '../utils/paths';
import { useServiceRequestsApi } from './use-service-requests-api';

/**
 * Service requests belong to the selected housing company: every key starts with
 * `housingCompanyDataKey(housingCompanyId, 'service-requests', …)`, so a housing-company switch drops
 * them (01 §4).
 */
export function serviceRequestsKey(housingCompanyId: string | null, ...rest: unknown[]) {
  return housingCompanyDataKey(housingCompanyId, 'service-requests', ...rest);
}

/** Every page of every filter of the list. */
export const listsKey = (hc: string | null) => serviceRequestsKey(hc, 'list');
/** One page of the list as a view shows it. */
export const listKey = (hc: string | null, lang: Language, { filter, type, page }: ListView) => [
  ...listsKey(hc),
  lang,
  filter,
  type,
  page,
];
export const detailKey = (hc: string | null, id: string) => serviceRequestsKey(hc, 'detail', id);

/** The selected housing company (known: the queries wait for one) and the language asked in. */
interface Scope {
  housingCompanyId: string;
  lang: Language;
}

/** Something read for the selected housing company, once there is one. */
function useServiceRequestsQuery<T>(
  keyOf: (housingCompanyId: string | null, lang: Language) => readonly unknown[],
  read: (api: ServiceRequestsApi, scope: Scope) => Promise<T>,
  enabled = true,
) {
  const api = useServiceRequestsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: keyOf(housingCompanyId, lang),
    queryFn: () => read(api, { housingCompanyId: housingCompanyId!, lang }),
    enabled: enabled && housingCompanyId !== null,
  });
}

/** One page of the list (10 a page, 02 §9); the page before stays on screen while the next loads. */
export function useServiceRequestList(view: ListView) {
  const api = useServiceRequestsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: listKey(housingCompanyId, lang, view),
    queryFn: () =>
      api.listRequests({
        housingCompanyId: housingCompanyId!,
        filter: view.filter,
        type: view.type ?? undefined,
        skip: (view.page - 1) * PAGE_SIZE_SERVICE_REQUESTS,
        limit: PAGE_SIZE_SERVICE_REQUESTS,
        lang,
      }),
    enabled: housingCompanyId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Read the list again (02 §2 ?refresh=true): settles once the page on screen is read. */
export function useRefreshList(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { housingCompanyId } = useContentScope();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: listsKey(housingCompanyId) }),
    [queryClient, housingCompanyId],
  );
}

export function useServiceRequestTypes() {
  return useServiceRequestsQuery(
    (hc, lang) => serviceRequestsKey(hc, 'types', lang),
    (api, { housingCompanyId, lang }) => api.listTypes(housingCompanyId, lang),
  );
}

/** The residents a private request can be sent to; read once the sender chooses to send to one. */
export function useServiceRequestTargets(enabled: boolean) {
  return useServiceRequestsQuery(
    (hc) => serviceRequestsKey(hc, 'targets'),
    (api, { housingCompanyId, lang }) => api.listTargets(housingCompanyId, lang),
    enabled,
  );
}

export function useServiceRequest(id: string, enabled = true) {
  return useServiceRequestsQuery(
    (hc) => detailKey(hc, id),
    (api, { lang }) => api.getRequest(id, lang),
    enabled,
  );
}

/** What a change's follow-up works with: the cache and the selected housing company. */
interface Stored {
  queryClient: QueryClient;
  housingCompanyId: string | null;
}

/** A change sent for the selected housing company (`run`), then `after` stores its answer. */
function useServiceRequestsMutation<TResult, TVariables = void>(
  run: (api: ServiceRequestsApi, variables: TVariables, scope: Scope) => Promise<TResult>,
  after?: (stored: Stored, result: TResult, variables: TVariables) => unknown,
) {
  const api = useServiceRequestsApi();
  const queryClient = useQueryClient();
  const { housingCompanyId, lang } = useContentScope();
  return useMutation<TResult, unknown, TVariables>({
    mutationFn: (variables) => run(api, variables, { housingCompanyId: housingCompanyId!, lang }),
    onSuccess: (result, variables) => after?.({ queryClient, housingCompanyId }, result, variables),
  });
}

/** The list is read again when next shown (counts, statuses and order may have changed). */
function listsChanged({ queryClient, housingCompanyId }: Stored): void {
  void queryClient.invalidateQueries({ queryKey: listsKey(housingCompanyId), refetchType: 'none' });
}

export type NewServiceRequest = Omit<ServiceRequestCreate, 'housingCompanyId'>;

/** Send a request (its attachments uploaded already); its page then shows it at once. */
export function useCreateServiceRequest() {
  return useServiceRequestsMutation<ServiceRequest, NewServiceRequest>(
    (api, input, { housingCompanyId, lang }) => api.createRequest({ ...input, housingCompanyId }, lang),
    (stored, created) => {
      stored.queryClient.setQueryData<ServiceRequestDetail>(detailKey(stored.housingCompanyId, created.id), {
        ...created,
        responses: [],
      });
      listsChanged(stored);
    },
  );
}

/** Store a changed request (without its responses) in its page. */
function storeRequest({ queryClient, housingCompanyId }: Stored, request: ServiceRequest): void {
  queryClient.setQueryData<ServiceRequestDetail>(detailKey(housingCompanyId, request.id), (current) =>
    current ? { ...current, ...request } : current,
  );
}

/** Change the status, publicity or visibility (02 §4); the answer replaces the stored request. */
export function useUpdateServiceRequest(id: string) {
  return useServiceRequestsMutation<ServiceRequest, ServiceRequestUpdate>(
    (api, input, { lang }) => api.updateRequest(id, input, lang),
    (stored, updated) => {
      storeRequest(stored, updated);
      listsChanged(stored);
    },
  );
}

/** Answer a request; the answer is the request with its responses. */
export function useRespond(id: string) {
  return useServiceRequestsMutation<ServiceRequestDetail, ServiceRequestResponseCreate>(
    (api, input, { lang }) => api.respond(id, input, lang),
    (stored, detail) => {
      stored.queryClient.setQueryData(detailKey(stored.housingCompanyId, id), detail);
      listsChanged(stored);
    },
  );
}

/** Store the request as a change answered it, with its responses. */
function storeDetail(stored: Stored, detail: ServiceRequestDetail): void {
  stored.queryClient.setQueryData(detailKey(stored.housingCompanyId, detail.id), detail);
}

/** Edit one's own response (while the request is not closed); the answer is the request with its responses. */
export function useEditResponse(id: string) {
  return useServiceRequestsMutation<ServiceRequestDetail, { responseId: string; content: string }>(
    (api, { responseId, content }, { lang }) => api.editResponse(id, responseId, content, lang),
    storeDetail,
  );
}

/** Delete a response (its writer, or a moderator): it keeps its place as deleted. */
export function useDeleteResponse(id: string) {
  return useServiceRequestsMutation<ServiceRequestDetail, { responseId: string }>(
    (api, { responseId }, { lang }) => api.deleteResponse(id, responseId, lang),
    storeDetail,
  );
}

/** Remove an attachment from the request (`responseId` null) or from one of its responses. */
export function useRemoveAttachment(id: string) {
  return useServiceRequestsMutation<
    ServiceRequestDetail,
    { attachmentId: string; responseId: string | null }
  >((api, file, { lang }) => api.removeAttachment(id, file, lang), storeDetail);
}

/** Remind the recipients (once an hour); the request is read again for its rights. */
export function useRemind(id: string) {
  return useServiceRequestsMutation<ServiceRequestReminder>(
    (api, _, { lang }) => api.remind(id, lang),
    async ({ queryClient, housingCompanyId }, reminder) => {
      queryClient.setQueryData<ServiceRequestDetail>(detailKey(housingCompanyId, id), (current) =>
        current ? { ...current, canRemind: false, lastReminderAt: reminder.remindedAt } : current,
      );
      await queryClient.invalidateQueries({ queryKey: detailKey(housingCompanyId, id) });
    },
  );
}

export function useDeleteServiceRequest(id: string) {
  return useServiceRequestsMutation<void>(
    (api, _, { lang }) => api.deleteRequest(id, lang),
    (stored) => {
      stored.queryClient.removeQueries({ queryKey: detailKey(stored.housingCompanyId, id) });
      listsChanged(stored);
    },
  );
}

/** An attachment's file (fetched with the token); kept while it is on screen. */
export function useAttachmentFile(url: string, enabled = true) {
  const api = useServiceRequestsApi();
  const { housingCompanyId } = useContentScope();
  return useQuery({
    queryKey: serviceRequestsKey(housingCompanyId, 'attachment', url),
    queryFn: () => api.fetchAttachment(url),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

import type {
  DialogReadRequest,
  Language,
  MeResponse,
  NewsListMode,
  QuickLinksResponse,
  TimelineDirection,
} from '@porta/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { housingCompanyDataKey } from '../../housing-company';
import { ME_QUERY_KEY } from '../../identity';
import { useCurrentUser } from '../../startup';
import type { NewsApi, QuickLinksUpdate } from '../api/news.api';
import { useContentLanguage, useNewsApi } from './use-news-api';

/** Size of one page of the calendar list (02 §9: calendar default page 0–10). */
export const CALENDAR_PAGE_SIZE = 10;

/**
 * The housing company content is read for and the language. Every query key starts with
 * `housingCompanyDataKey(housingCompanyId, …)`, so that a housing-company switch drops the previous
 * company's content and the new company's is fetched (01 §4).
 */
export function useContentScope(): { housingCompanyId: string | null; lang: Language } {
  const { housingCompany } = useCurrentUser();
  const lang = useContentLanguage();
  return { housingCompanyId: housingCompany?.id ?? null, lang };
}

// --- News ------------------------------------------------------------------------------------

/** The news list's query, shared by its hook and the dashboard's prefetch (dashboard/prefetch.ts). */
export function newsListQuery(
  api: NewsApi,
  housingCompanyId: string | null,
  lang: Language,
  mode: NewsListMode,
  limit?: number,
) {
  return queryOptions({
    queryKey: housingCompanyDataKey(housingCompanyId, 'news', 'list', mode, limit ?? null, lang),
    queryFn: () => api.listNews({ housingCompanyId: housingCompanyId!, lang, mode, limit }),
    enabled: housingCompanyId !== null,
  });
}

export function useNewsList(mode: NewsListMode, limit?: number) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery(newsListQuery(api, housingCompanyId, lang, mode, limit));
}

export function useNewsArticle(id: string) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'news', 'detail', id, lang),
    queryFn: () => api.getNews(id, { housingCompanyId: housingCompanyId!, lang }),
    enabled: housingCompanyId !== null,
  });
}

// --- Calendar --------------------------------------------------------------------------------

/** The next `limit` coming entries (the dashboard box). */
export function useCalendarList(limit: number) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery(calendarListQuery(api, housingCompanyId, lang, limit));
}

export function calendarListQuery(
  api: NewsApi,
  housingCompanyId: string | null,
  lang: Language,
  limit: number,
) {
  return queryOptions({
    queryKey: housingCompanyDataKey(housingCompanyId, 'calendar', 'list', limit, lang),
    queryFn: () => api.listCalendar({ housingCompanyId: housingCompanyId!, lang, limit }),
    enabled: housingCompanyId !== null,
  });
}

/** The coming entries, CALENDAR_PAGE_SIZE at a time (the calendar page). */
export function useCalendarPages() {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useInfiniteQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'calendar', 'pages', lang),
    queryFn: ({ pageParam }) =>
      api.listCalendar({
        housingCompanyId: housingCompanyId!,
        lang,
        limit: CALENDAR_PAGE_SIZE,
        offset: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: housingCompanyId !== null,
  });
}

export function useCalendarEntry(id: string) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'calendar', 'entry', id, lang),
    queryFn: () => api.getCalendarEntry(id, { housingCompanyId: housingCompanyId!, lang }),
    enabled: housingCompanyId !== null,
  });
}

function withTask(me: MeResponse, taskId: string, done: boolean): MeResponse {
  const tasks = (me.user.tasks ?? []).filter((task) => task.taskId !== taskId);
  return { ...me, user: { ...me.user, tasks: [...tasks, { taskId, done }] } };
}

/**
 * Tasks done per user (02 §4): the state comes from `me.user.tasks` (by the calendar entry's id);
 * marking one done or not done is shown at once and sent to identity; a refusal puts it back.
 */
export function useTaskStatus() {
  const api = useNewsApi();
  const queryClient = useQueryClient();
  const { me } = useCurrentUser();
  const done = useMemo(
    () => new Set((me.user.tasks ?? []).filter((task) => task.done).map((task) => task.taskId)),
    [me.user.tasks],
  );
  const mutation = useMutation<void, unknown, { taskId: string; done: boolean }>({
    mutationFn: ({ taskId, done: value }) => api.setTaskDone(taskId, value),
    onMutate: ({ taskId, done: value }) => {
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (current) =>
        current ? withTask(current, taskId, value) : current,
      );
    },
    onError: (_error, { taskId, done: value }) => {
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (current) =>
        current ? withTask(current, taskId, !value) : current,
      );
    },
  });
  const { mutate, isError } = mutation;
  const isDone = useCallback((taskId: string) => done.has(taskId), [done]);
  const setDone = useCallback((taskId: string, value: boolean) => mutate({ taskId, done: value }), [mutate]);
  return { isDone, setDone, failed: isError };
}

// --- Lifecycle steps -------------------------------------------------------------------------

export function useSteps(enabled = true) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'steps', 'list', lang),
    queryFn: () => api.listSteps({ housingCompanyId: housingCompanyId!, lang }),
    enabled: enabled && housingCompanyId !== null,
  });
}

export function useStep(id: string) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'steps', 'detail', id, lang),
    queryFn: () => api.getStep(id, { housingCompanyId: housingCompanyId!, lang }),
    enabled: housingCompanyId !== null,
  });
}

// --- Timeline --------------------------------------------------------------------------------

export type TimelinePageParam = { direction: TimelineDirection; cursor: string } | null;

/**
 * The timeline (02 §2, §4): first the page around today, then pages of 50 later (and earlier)
 * through the answers' outermost cursors. Another `types` value starts again without a cursor.
 */
export function useTimeline(types: string | undefined) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useInfiniteQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'timeline', types ?? '*', lang),
    queryFn: ({ pageParam }) =>
      api.getTimeline({ housingCompanyId: housingCompanyId!, lang, types, page: pageParam }),
    initialPageParam: null as TimelinePageParam,
    getNextPageParam: (last): TimelinePageParam | undefined =>
      last.hasLater && last.laterCursor ? { direction: 'later', cursor: last.laterCursor } : undefined,
    getPreviousPageParam: (first): TimelinePageParam | undefined =>
      first.hasEarlier && first.earlierCursor
        ? { direction: 'earlier', cursor: first.earlierCursor }
        : undefined,
    enabled: housingCompanyId !== null,
    // Re-reading every loaded page when the window gets focus would move the list under the reader.
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
  });
}

// --- Quick links, dialogs --------------------------------------------------------------------

export function quickLinksKey(housingCompanyId: string | null) {
  return housingCompanyDataKey(housingCompanyId, 'quick-links');
}

export function quickLinksQuery(api: NewsApi, housingCompanyId: string | null) {
  return queryOptions({
    queryKey: quickLinksKey(housingCompanyId),
    queryFn: () => api.getQuickLinks(housingCompanyId!),
    enabled: housingCompanyId !== null,
  });
}

/** The quick links of the housing company in scope; `ask` false leaves them unasked. */
export function useQuickLinks(ask = true) {
  const api = useNewsApi();
  const { housingCompanyId } = useContentScope();
  const query = quickLinksQuery(api, housingCompanyId);
  return useQuery({ ...query, enabled: ask && query.enabled });
}

/** PUT the links; the answer (the stored order) replaces the cached links and those of /me. */
export function useSaveQuickLinks() {
  const api = useNewsApi();
  const queryClient = useQueryClient();
  return useMutation<QuickLinksResponse, unknown, QuickLinksUpdate>({
    mutationFn: (update) => api.saveQuickLinks(update),
    onSuccess: (saved) => {
      queryClient.setQueryData(quickLinksKey(saved.projectId), saved);
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
        me && me.user.quickLinks?.projectId === saved.projectId
          ? { ...me, user: { ...me.user, quickLinks: { projectId: saved.projectId, links: saved.links } } }
          : me,
      );
    },
  });
}

/** POST /me/dialogs; the marker goes into /me at once so that the dialog stays closed. */
export function useMarkDialogRead() {
  const api = useNewsApi();
  const queryClient = useQueryClient();
  return useMutation<void, unknown, DialogReadRequest>({
    mutationFn: (request) => api.markDialogRead(request),
    onSuccess: (_result, request) => {
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
        me ? { ...me, user: { ...me.user, dialogs: [...(me.user.dialogs ?? []), request] } } : me,
      );
    },
  });
}

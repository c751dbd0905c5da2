import type {
  CalendarEntryDetailResponse,
  CalendarEntryType,
  CalendarListResponse,
  DialogReadRequest,
  FeedbackCreate,
  FeedbackCreated,
  Language,
  NewsDetailResponse,
  NewsListMode,
  NewsListResponse,
  QuickLinkModuleId,
  QuickLinksResponse,
  StepDetail,
  StepSummary,
  TimelineDirection,
  TimelineResponse,
  zCalendarEntryDetailResponse,
  zCalendarListResponse,
  zFeedbackCreated,
  zNewsDetailResponse,
  zNewsListResponse,
  zQuickLinksResponse,
  zStepDetail,
  zStepList,
  zTimelineResponse,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { answer } from '@porta/web-kit';
import { authorizedFetch, queryString } from '../../../shared/utils/http';

/** Which housing company the reader looks at, and the language texts should come in. */
export interface ContentScope {
  housingCompanyId: string;
  lang?: Language;
}

export interface NewsListParams extends ContentScope {
  mode?: NewsListMode;
  limit?: number;
  offset?: number;
}

export interface CalendarListParams extends ContentScope {
  limit?: number;
  offset?: number;
  types?: readonly CalendarEntryType[];
  from?: string;
  to?: string;
}

export interface TimelineParams extends ContentScope {
  /** The `types` value (`timelineTypesParam`); undefined: every type. */
  types?: string | undefined;
  /** A page after or before a cursor of an earlier answer; none: the page around today. */
  page?: { direction: TimelineDirection; cursor: string } | null;
}

export interface QuickLinksUpdate {
  projectId: string;
  links: readonly { moduleId: QuickLinkModuleId }[];
}

/**
 * The content service's resident reading (news, calendar, lifecycle steps, timeline, feedback) and
 * the identity calls the same screens make (quick links, dialog and task markers). Every answer is
 * checked against its contract.
 */
export interface NewsApi {
  /** GET /api/content/news in one of its modes (02 §2). */
  listNews(params: NewsListParams): Promise<NewsListResponse>;
  /** GET /api/content/news/:id (codename or uuid); 404 CNT_NOT_FOUND when not visible. */
  getNews(id: string, scope: ContentScope): Promise<NewsDetailResponse>;
  /** GET /api/content/calendar: coming entries (or those overlapping from–to), by start. */
  listCalendar(params: CalendarListParams): Promise<CalendarListResponse>;
  /** GET /api/content/calendar/:id (codename or uuid). */
  getCalendarEntry(id: string, scope: ContentScope): Promise<CalendarEntryDetailResponse>;
  /** GET /api/content/steps: the lifecycle steps ([] unless they are active). */
  listSteps(scope: ContentScope): Promise<StepSummary[]>;
  /** GET /api/content/steps/:id (codename or uuid). */
  getStep(id: string, scope: ContentScope): Promise<StepDetail>;
  /** GET /api/content/timeline: the page around today, or the next page after/before a cursor. */
  getTimeline(params: TimelineParams): Promise<TimelineResponse>;
  /** POST /api/content/feedback. */
  sendFeedback(feedback: FeedbackCreate): Promise<FeedbackCreated>;
  /** GET /api/identity/me/quick-links?projectId=: the links and the modules that may be chosen. */
  getQuickLinks(projectId: string): Promise<QuickLinksResponse>;
  /** PUT /api/identity/me/quick-links: the links in their new order. */
  saveQuickLinks(update: QuickLinksUpdate): Promise<QuickLinksResponse>;
  /** POST /api/identity/me/dialogs: a dialog read in a housing company. */
  markDialogRead(request: DialogReadRequest): Promise<void>;
  /** POST /api/identity/me/tasks/:taskId/status/:done (the calendar entry's id as taskId). */
  setTaskDone(taskId: string, done: boolean): Promise<void>;
  /** An attachment (signed in: fetched with the bearer token) as a file to save. */
  downloadAsset(url: string): Promise<Blob>;
}

const CONTENT = '/api/content';
const IDENTITY = '/api/identity';
const segment = encodeURIComponent;

const scopeParams = ({ housingCompanyId, lang }: ContentScope) => ({ housingCompanyId, lang });

export function createNewsApi(session: SessionClient): NewsApi {
  const get = (path: string) => session.request('GET', path);
  return {
    async listNews({ mode, limit, offset, ...scope }) {
      const query = queryString({ ...scopeParams(scope), mode, limit, offset });
      return answer<typeof zNewsListResponse>(await get(`${CONTENT}/news${query}`));
    },
    async getNews(id, scope) {
      const path = `${CONTENT}/news/${segment(id)}${queryString(scopeParams(scope))}`;
      return answer<typeof zNewsDetailResponse>(await get(path));
    },
    async listCalendar({ limit, offset, types, from, to, ...scope }) {
      const query = queryString({
        ...scopeParams(scope),
        limit,
        offset,
        type: types?.length ? types.join(',') : undefined,
        from,
        to,
      });
      return answer<typeof zCalendarListResponse>(await get(`${CONTENT}/calendar${query}`));
    },
    async getCalendarEntry(id, scope) {
      const path = `${CONTENT}/calendar/${segment(id)}${queryString(scopeParams(scope))}`;
      return answer<typeof zCalendarEntryDetailResponse>(await get(path));
    },
    async listSteps(scope) {
      return answer<typeof zStepList>(await get(`${CONTENT}/steps${queryString(scopeParams(scope))}`));
    },
    async getStep(id, scope) {
      const path = `${CONTENT}/steps/${segment(id)}${queryString(scopeParams(scope))}`;
      return answer<typeof zStepDetail>(await get(path));
    },
    async getTimeline({ types, page, ...scope }) {
      const query = queryString({
        ...scopeParams(scope),
        types,
        direction: page?.direction,
        cursor: page?.cursor,
      });
      return answer<typeof zTimelineResponse>(await get(`${CONTENT}/timeline${query}`));
    },
    async sendFeedback(feedback) {
      return answer<typeof zFeedbackCreated>(await session.request('POST', `${CONTENT}/feedback`, feedback));
    },
    async getQuickLinks(projectId) {
      return answer<typeof zQuickLinksResponse>(
        await get(`${IDENTITY}/me/quick-links${queryString({ projectId })}`),
      );
    },
    async saveQuickLinks({ projectId, links }) {
      const body = { projectId, links: links.map(({ moduleId }) => ({ moduleId })) };
      return answer<typeof zQuickLinksResponse>(
        await session.request('PUT', `${IDENTITY}/me/quick-links`, body),
      );
    },
    async markDialogRead(request) {
      await session.request('POST', `${IDENTITY}/me/dialogs`, request);
    },
    async setTaskDone(taskId, done) {
      await session.request('POST', `${IDENTITY}/me/tasks/${segment(taskId)}/status/${done}`);
    },
    async downloadAsset(url) {
      return (await authorizedFetch(session, url)).blob();
    },
  };
}

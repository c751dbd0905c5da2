import { DASHBOARD_CALENDAR_ITEMS, DASHBOARD_NEWS_ITEMS, type Language } from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import type { QueryClient } from '@tanstack/react-query';
import { calendarListQuery, createNewsApi, newsListQuery } from '../news';
import { createSupportApi } from '../support';
import { mainContactsQuery } from '../support/hooks/use-main-contacts';
import { housingCompanyImageQuery } from './hooks/use-housing-company-image';

/**
 * Ask for the dashboard's data of a housing company ahead of the dashboard (issue 17): startup
 * calls this beside /me with the company and language the session remembers, and again as soon
 * as /me names them when they differ. The queries are the boxes' own (same keys and functions),
 * so a box that mounts finds its data there or on its way; none is asked twice. Only the boxes
 * every housing company has (the card, news, tasks and events, contacts): those behind a
 * feature wait for the features. The quick links come with /me.
 */
export function prefetchDashboard(
  queryClient: QueryClient,
  session: SessionClient,
  housingCompanyId: string,
  lang: Language,
): void {
  const news = createNewsApi(session);
  void queryClient.prefetchQuery(
    newsListQuery(news, housingCompanyId, lang, 'default', DASHBOARD_NEWS_ITEMS),
  );
  void queryClient.prefetchQuery(calendarListQuery(news, housingCompanyId, lang, DASHBOARD_CALENDAR_ITEMS));
  void queryClient.prefetchQuery(mainContactsQuery(createSupportApi(session), housingCompanyId, lang));
  void queryClient.prefetchQuery(housingCompanyImageQuery(session, housingCompanyId));
}

/** The resident dashboard's calls to the content service (web-resident modules dashboard, news, shop, support, feeds). */

/** In the order the report lists them. */
export const DASHBOARD_CALLS = [
  'news',
  'calendar',
  'campaigns',
  'contacts',
  'steps',
  'recommended',
  'corporate',
  'timeline',
] as const;
export type DashboardCall = (typeof DASHBOARD_CALLS)[number];

export const CALL_TITLE: Record<DashboardCall, string> = {
  news: 'latest news (4)',
  calendar: 'calendar (4)',
  campaigns: 'campaigns (6 random)',
  contacts: 'main contacts',
  steps: 'lifecycle steps',
  recommended: 'recommended articles (4)',
  corporate: 'corporate news (4)',
  timeline: 'timeline, first page',
};

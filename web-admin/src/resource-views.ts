import type { ResourceProps } from 'react-admin';
import type { Capabilities } from './auth/access';
import apartments from './resources/apartments';
import news from './resources/articles';
import calendar from './resources/calendar-entries';
import campaigns from './resources/campaigns';
import communityReports from './resources/community-reports';
import contacts from './resources/contacts';
import featureToggles from './resources/feature-toggles';
import feedback from './resources/feedback';
import feeds from './resources/feeds';
import faqs from './resources/help';
import housingCompanies from './resources/housing-companies';
import pages from './resources/pages';
import partnerCompanies from './resources/partner-companies';
import serviceRequests from './resources/service-requests';
import shopPartners from './resources/shop-partners';
import steps from './resources/steps';
import taxonomyTerms from './resources/taxonomy-terms';
import users from './resources/users';

/** Each menu entry's screens (STAFF_MENU in the contracts says who sees which). */
export const RESOURCE_VIEWS: Readonly<Record<string, (can: Capabilities) => Omit<ResourceProps, 'name'>>> = {
  users,
  'housing-companies': housingCompanies,
  apartments,
  'partner-companies': partnerCompanies,
  'taxonomy-terms': () => taxonomyTerms,
  'feature-toggles': () => featureToggles,
  news,
  calendar,
  contacts,
  steps,
  faqs,
  pages,
  feeds,
  'community-reports': communityReports,
  'service-requests': serviceRequests,
  campaigns,
  'shop-partners': shopPartners,
  feedback: () => feedback(),
};

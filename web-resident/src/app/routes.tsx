import { ADMIN_AREA_ROLES } from '@porta/contracts';
import type { ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation } from 'react-router';
import heroDesktop from '../assets/hero-desktop.svg';
import heroMobile from '../assets/hero-mobile.svg';
import { COMMUNITY_FEATURES, DOCUMENT_FEATURES, type RoutePolicy } from '../modules/access';
import { BUSINESS_PARTNER_DASHBOARD_PATH } from '../modules/business-partners';
import { CHANGE_HOUSING_COMPANY_PATH } from '../modules/housing-company';
import type { HeroImages, RouteMeta } from '../modules/layout';
import { type SectionLink, SectionPage } from '../modules/sections';
import { useCurrentUser } from '../modules/startup';
import { HomeRoute, LeaveForStaffApp } from './guards';
import { lazyPage } from './lazy-page';

/** The pages, each section's loaded when first shown. */
const BusinessPartnerDashboardPage = lazyPage(
  () => import('../modules/business-partners'),
  'BusinessPartnerDashboardPage',
);
const ConversationPage = lazyPage(() => import('../modules/community'), 'ConversationPage');
const ConversationsPage = lazyPage(() => import('../modules/community'), 'ConversationsPage');
const DiscussionPage = lazyPage(() => import('../modules/community'), 'DiscussionPage');
const NeighboursPage = lazyPage(() => import('../modules/community'), 'NeighboursPage');
const NewConversationPage = lazyPage(() => import('../modules/community'), 'NewConversationPage');
const PublicDiscussionsPage = lazyPage(() => import('../modules/community'), 'PublicDiscussionsPage');
const ApartmentDocumentsPage = lazyPage(() => import('../modules/documents'), 'ApartmentDocumentsPage');
const DocumentDownloadPage = lazyPage(() => import('../modules/documents'), 'DocumentDownloadPage');
const DocumentsPage = lazyPage(() => import('../modules/documents'), 'DocumentsPage');
const CorporateNewsArchivePage = lazyPage(() => import('../modules/feeds'), 'CorporateNewsArchivePage');
const RecommendedArchivePage = lazyPage(() => import('../modules/feeds'), 'RecommendedArchivePage');
const RecommendedArticlePage = lazyPage(() => import('../modules/feeds'), 'RecommendedArticlePage');
const CalendarEntryPage = lazyPage(() => import('../modules/news'), 'CalendarEntryPage');
const CalendarPage = lazyPage(() => import('../modules/news'), 'CalendarPage');
const NewsArchivePage = lazyPage(() => import('../modules/news'), 'NewsArchivePage');
const NewsDetailPage = lazyPage(() => import('../modules/news'), 'NewsDetailPage');
const NewsPage = lazyPage(() => import('../modules/news'), 'NewsPage');
const StepPage = lazyPage(() => import('../modules/news'), 'StepPage');
const NotificationSettingsPage = lazyPage(
  () => import('../modules/notifications'),
  'NotificationSettingsPage',
);
const DeactivatePage = lazyPage(() => import('../modules/profile'), 'DeactivatePage');
const GdprReportPage = lazyPage(() => import('../modules/profile'), 'GdprReportPage');
const MyProfilePage = lazyPage(() => import('../modules/profile'), 'MyProfilePage');
const NewServiceRequestPage = lazyPage(() => import('../modules/service-requests'), 'NewServiceRequestPage');
const ServiceRequestPage = lazyPage(() => import('../modules/service-requests'), 'ServiceRequestPage');
const ServiceRequestsPage = lazyPage(() => import('../modules/service-requests'), 'ServiceRequestsPage');
const MySettingsPage = lazyPage(() => import('../modules/settings'), 'MySettingsPage');
const AllCampaignsPage = lazyPage(() => import('../modules/shop'), 'AllCampaignsPage');
const CampaignDetailPage = lazyPage(() => import('../modules/shop'), 'CampaignDetailPage');
const PartnerPage = lazyPage(() => import('../modules/shop'), 'PartnerPage');
const ServiceShopPage = lazyPage(() => import('../modules/shop'), 'ServiceShopPage');
const ContactBookPage = lazyPage(() => import('../modules/support'), 'ContactBookPage');
const FaqPage = lazyPage(() => import('../modules/support'), 'FaqPage');
const SupportCentrePage = lazyPage(() => import('../modules/support'), 'SupportCentrePage');
const MyApartmentPage = lazyPage(() => import('../modules/apartment'), 'MyApartmentPage');
const UiSandboxPage = lazyPage(() => import('../modules/sections'), 'UiSandboxPage');
const ChangeHousingCompanyPage = lazyPage(
  () => import('../modules/housing-company/components/ChangeHousingCompanyPage'),
  'ChangeHousingCompanyPage',
);

/** A route of the signed-in app: where, what, its frame (01 §2) and its policy (01 §6). */
export interface AppRoute {
  path: string;
  element: ReactNode;
  meta?: RouteMeta;
  policy?: RoutePolicy;
}

const PROFILE_HERO: HeroImages = { mobile: heroMobile, desktop: heroDesktop };

const COMMUNITY_LINKS: readonly SectionLink[] = [
  { to: '/community/public-discussions', label: 'publicDiscussions', features: ['public-discussion'] },
  { to: '/community/private-messages', label: 'privateMessages', features: ['neighbours'] },
  { to: '/community/my-neighbours', label: 'myNeighbours', features: ['neighbours'] },
  { to: '/community/area-discussions', label: 'areaDiscussions', features: ['area-discussion'] },
];

/** /community leads to the public discussions when they are on (02 §2), else lists what is. */
function CommunityRoute() {
  const { features } = useCurrentUser();
  return Object.hasOwn(features, 'public-discussion') ? (
    <Navigate to="/community/public-discussions" replace />
  ) : (
    <SectionPage links={COMMUNITY_LINKS} />
  );
}

/** The old service-request addresses lead to the support centre's (02 §2). */
function ToSupport() {
  const { pathname, search } = useLocation();
  return <Navigate to={`/support${pathname}${search}`} replace />;
}

/** Several paths, one page. */
function each(paths: string[], route: Omit<AppRoute, 'path'>): AppRoute[] {
  return paths.map((path) => ({ path, ...route }));
}

/**
 * The routes inside the signed-in layout. Feature areas whose screens are not built yet have their
 * section page (heading and sub-section links) so that navigation, titles and policies hold.
 */
export const SIGNED_IN_ROUTES: readonly AppRoute[] = [
  { path: '/', element: <HomeRoute /> },
  { path: CHANGE_HOUSING_COMPANY_PATH, element: <ChangeHousingCompanyPage /> },

  // Profile and settings (01 §2 general routes, 03 §2 my settings)
  { path: '/profile', element: <Navigate to="/my-profile" replace /> },
  {
    path: '/my-profile',
    element: <MyProfilePage />,
    meta: { section: 'myProfile', layout: 'fullwidthnarrow', hero: PROFILE_HERO, sectionTitle: true },
  },
  {
    path: '/my-settings',
    element: <MySettingsPage />,
    meta: { section: 'mySettings', layout: 'two-columns', hero: PROFILE_HERO, sectionTitle: true },
  },
  {
    path: '/profile/gdpr-report/:userUuid?',
    element: <GdprReportPage />,
    meta: { section: 'mySettings', layout: 'subpage' },
  },
  {
    path: '/deactivate',
    element: <DeactivatePage />,
    meta: { section: 'mySettings', layout: 'fullwidthnarrow' },
  },
  {
    path: '/my-notifications',
    element: <NotificationSettingsPage />,
    meta: { section: 'notifications', layout: 'subpage' },
  },
  {
    path: '/ui-sandbox',
    element: <UiSandboxPage />,
    meta: { section: 'uiSandbox' },
    policy: { roles: ['admin'] },
  },

  // Business partners (03 §2: an admin route)
  {
    path: BUSINESS_PARTNER_DASHBOARD_PATH,
    element: <BusinessPartnerDashboardPage />,
    meta: { section: 'businessPartners', admin: true },
    policy: { roles: ADMIN_AREA_ROLES, businessPartners: true },
  },

  // A partner's own company, its users and operational area (03 §2 /partner/company/…) are the
  // staff app's partner screen.
  ...each(['/partner/company/edit', '/partner/company/users', '/partner/company/operational-area'], {
    element: <LeaveForStaffApp to="/partner/company/edit" />,
    meta: { section: 'businessPartners', admin: true },
    policy: { roles: ADMIN_AREA_ROLES, businessPartners: true },
  }),

  // Feature areas (02 §2), in the order of the main navigation
  { path: '/news', element: <NewsPage />, meta: { section: 'news' } },
  { path: '/news/archive', element: <NewsArchivePage />, meta: { section: 'news', layout: 'subpage' } },
  { path: '/news/:id', element: <NewsDetailPage />, meta: { section: 'news', layout: 'subpage' } },
  { path: '/calendar', element: <CalendarPage />, meta: { section: 'news', layout: 'subpage' } },
  {
    path: '/calendar/entry/:id',
    element: <CalendarEntryPage />,
    meta: { section: 'news', layout: 'subpage' },
  },
  { path: '/step/:id', element: <StepPage />, meta: { section: 'news', layout: 'subpage' } },
  ...each(['/material-selection', '/material-selection/*'], {
    element: <SectionPage />,
    meta: { section: 'materialSelection' },
  }),
  ...each(['/apartment/warranty', '/apartment/warranty/*', '/warranty', '/warranty/*'], {
    element: <SectionPage />,
    meta: { section: 'warranty' },
    policy: { features: ['warranty'] },
  }),
  {
    path: '/project-camera',
    element: <SectionPage />,
    meta: { section: 'projectCamera', layout: 'fullwidth' },
  },
  // Document library (02 §2, feature documents or documentsv2); /documents/<id> names a folder too
  ...each(['/documents', '/documents/*'], {
    element: <DocumentsPage />,
    meta: { section: 'documents', layout: 'two-columns' },
    policy: { features: DOCUMENT_FEATURES },
  }),
  {
    path: '/documents/download/:id',
    element: <DocumentDownloadPage />,
    meta: { section: 'documents', layout: 'subpage' },
    policy: { features: DOCUMENT_FEATURES },
  },
  ...each(['/book-common-spaces', '/booking/:id'], {
    element: <SectionPage />,
    meta: { section: 'bookings' },
  }),
  {
    path: '/community',
    element: <CommunityRoute />,
    meta: { section: 'community' },
    policy: { features: COMMUNITY_FEATURES },
  },
  {
    path: '/community/public-discussions',
    element: <PublicDiscussionsPage links={COMMUNITY_LINKS} />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['public-discussion'] },
  },
  ...each(['/community/public-discussions/:id', '/public-discussions/:id'], {
    element: <DiscussionPage />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['public-discussion'] },
  }),
  {
    path: '/community/private-messages',
    element: <ConversationsPage key="private" type="private" links={COMMUNITY_LINKS} />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['neighbours'] },
  },
  {
    path: '/community/private-messages/new',
    element: <NewConversationPage />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['neighbours'] },
  },
  {
    path: '/community/private-messages/:id',
    element: <ConversationPage key="private" type="private" />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['neighbours'] },
  },
  {
    path: '/community/my-neighbours',
    element: <NeighboursPage links={COMMUNITY_LINKS} />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['neighbours'] },
  },
  {
    path: '/community/area-discussions',
    element: <ConversationsPage key="area" type="area" links={COMMUNITY_LINKS} />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['area-discussion'] },
  },
  {
    path: '/community/area-discussions/:id',
    element: <ConversationPage key="area" type="area" />,
    meta: { section: 'community', layout: 'subpage' },
    policy: { features: ['area-discussion'] },
  },
  // Service shop (02 §2, feature service-lounge)
  {
    path: '/service-shop',
    element: <ServiceShopPage />,
    meta: { section: 'serviceShop', layout: 'fullwidth' },
    policy: { features: ['service-lounge'] },
  },
  {
    path: '/service-shop/all-campaigns',
    element: <AllCampaignsPage />,
    meta: { section: 'serviceShop', layout: 'fullwidth' },
    policy: { features: ['service-lounge'] },
  },
  ...each(['/service-shop/campaign/:id', '/service-shop/advertisement/:id', '/campaign/:id'], {
    element: <CampaignDetailPage />,
    meta: { section: 'serviceShop' },
    policy: { features: ['service-lounge'] },
  }),
  ...each(['/service-shop/partner/:id', '/partner/:id'], {
    element: <PartnerPage />,
    meta: { section: 'serviceShop' },
    policy: { features: ['service-lounge'] },
  }),
  {
    path: '/service-shop/my-bookings/:id/:type?',
    element: <SectionPage />,
    meta: { section: 'serviceShop' },
    policy: { features: ['service-lounge'] },
  },
  // Recommended articles (feature atp-feed) and corporate news (feature yit-corporation-news), 02 §2
  {
    path: '/isannointiliitto/archive',
    element: <RecommendedArchivePage />,
    meta: { section: 'news' },
    policy: { features: ['atp-feed'] },
  },
  {
    path: '/isannointiliitto/:id/:slug',
    element: <RecommendedArticlePage />,
    meta: { section: 'news' },
    policy: { features: ['atp-feed'] },
  },
  {
    path: '/yit-news-archive',
    element: <CorporateNewsArchivePage />,
    meta: { section: 'news' },
    policy: { features: ['yit-corporation-news'] },
  },
  ...each(['/faq', '/faq/:id'], {
    element: <FaqPage />,
    meta: { section: 'faq' },
    policy: { features: ['faq'] },
  }),
  { path: '/support', element: <SupportCentrePage />, meta: { section: 'support' } },
  // Service requests (02 §2, feature service-requests); the manage link's page is public (AppRoutes)
  {
    path: '/support/service-requests',
    element: <ServiceRequestsPage />,
    meta: { section: 'support', layout: 'subpage' },
    policy: { features: ['service-requests'] },
  },
  {
    path: '/support/service-requests/new',
    element: <NewServiceRequestPage />,
    meta: { section: 'support', layout: 'subpage' },
    policy: { features: ['service-requests'] },
  },
  {
    path: '/support/service-requests/:id',
    element: <ServiceRequestPage />,
    meta: { section: 'support', layout: 'subpage' },
    policy: { features: ['service-requests'] },
  },
  ...each(['/service-requests', '/service-requests/*'], { element: <ToSupport /> }),
  {
    path: '/support/contact-book',
    element: <ContactBookPage />,
    meta: { section: 'support' },
  },
  // The apartment's page (01 §2): the apartment areas below hang from it.
  { path: '/my-apartment', element: <MyApartmentPage />, meta: { section: 'myApartment' } },
  {
    path: '/my-apartment/documents',
    element: <ApartmentDocumentsPage />,
    meta: { section: 'documents', layout: 'two-columns' },
    policy: { features: DOCUMENT_FEATURES },
  },
  ...each(['/my-apartment/consumption', '/my-apartment/consumption/*'], {
    element: <SectionPage title="consumption" />,
    meta: { section: 'myApartment', layout: 'subpage' },
    policy: { features: ['consumption'] },
  }),
  {
    path: '/my-apartment/movement-sensors',
    element: <SectionPage title="movementSensors" />,
    meta: { section: 'myApartment', layout: 'subpage' },
  },
];

const MATCHABLE = SIGNED_IN_ROUTES.map((route) => ({ path: route.path, handle: route.meta }));

/** The meta of the signed-in route matching an address (the layout reads it). */
export function resolveRouteMeta(pathname: string): RouteMeta | null {
  const matches = matchRoutes(MATCHABLE, pathname);
  return (matches?.at(-1)?.route.handle as RouteMeta | undefined) ?? null;
}

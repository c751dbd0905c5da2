import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';
import type { PageLayout } from './page-meta';

/** Main sections of the app; their names are `sections.<key>` in the resident dictionary. */
export type SectionKey =
  | 'news'
  | 'materialSelection'
  | 'warranty'
  | 'projectCamera'
  | 'documents'
  | 'bookings'
  | 'community'
  | 'serviceShop'
  | 'faq'
  | 'support'
  | 'contactBook'
  | 'publicDiscussions'
  | 'privateMessages'
  | 'myNeighbours'
  | 'areaDiscussions'
  | 'serviceRequests'
  | 'consumption'
  | 'movementSensors'
  | 'myApartment'
  | 'calendar'
  | 'myProfile'
  | 'mySettings'
  | 'notifications'
  | 'businessPartners'
  | 'uiSandbox';

/** A hero image for narrow screens and one for the wide layout (above 992 px, 01 §2). */
export interface HeroImages {
  mobile: string;
  desktop: string;
}

/** What a route declares about its frame (01 §2). */
export interface RouteMeta {
  section?: SectionKey;
  layout?: PageLayout;
  /** Show the section's name as a title above the page (over the hero image when there is one). */
  sectionTitle?: boolean;
  hero?: HeroImages;
  /** An admin route: the logo and the section switcher lead to /admin, no housing-company dropdown. */
  admin?: boolean;
}

export type RouteMetaResolver = (pathname: string) => RouteMeta | null;

const RouteMetaContext = createContext<RouteMetaResolver>(() => null);

/** Gives the layout the meta of whichever route matches the address (the route table lives in app/). */
export function RouteMetaProvider({
  resolve,
  children,
}: {
  resolve: RouteMetaResolver;
  children: ReactNode;
}) {
  return <RouteMetaContext.Provider value={resolve}>{children}</RouteMetaContext.Provider>;
}

const NONE: RouteMeta = {};

/** The meta of the current route (an empty object when the route declares none). */
export function useRouteMeta(): RouteMeta {
  const resolve = useContext(RouteMetaContext);
  const { pathname } = useLocation();
  return resolve(pathname) ?? NONE;
}

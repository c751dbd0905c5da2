import { type FeatureId, type HousingCompanyState, LANGUAGES, type Language } from '@porta/contracts';

/** GET /features: the features that are on, with their settings. */
export type NavigationFeatures = Partial<Record<FeatureId, { settings: Record<string, unknown> }>>;

export type NavigationLabelKey =
  | 'myApartment'
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
  | 'contactBook';

export interface NavigationItem {
  id: string;
  /** Position in the menu: the spec's navigation order numbers (01 §2, 03 §9). */
  order: number;
  href: string;
  /** Built-in entries are named from the dictionary (`navigation.<labelKey>`)… */
  labelKey?: NavigationLabelKey;
  /** …links configured with the navigationlink feature carry their own title. */
  title?: string;
  target: '_self' | '_blank';
  icon?: string;
}

/** Default navigation order numbers (01 §2; project camera and bookings may override theirs). */
export const NAVIGATION_ORDER = {
  /** The apartment's page, which the apartment areas hang from, comes first (not in the spec's list). */
  myApartment: 1,
  news: 5,
  materialSelection: 15,
  warranty: 20,
  projectCamera: 25,
  documents: 30,
  bookings: 35,
  community: 40,
  serviceShop: 45,
  faq: 50,
  support: 55,
  /** Links of the navigationlink feature follow the built-in entries, in their configured order. */
  navigationLinks: 100,
} as const;

export const SECTION_PATHS = {
  myApartment: '/my-apartment',
  news: '/news',
  materialSelection: '/material-selection',
  warranty: '/apartment/warranty',
  projectCamera: '/project-camera',
  documents: '/documents',
  bookings: '/book-common-spaces',
  community: '/community',
  serviceShop: '/service-shop',
  faq: '/faq',
  support: '/support',
  contactBook: '/support/contact-book',
} as const satisfies Record<NavigationLabelKey, string>;

/**
 * A feature's settings as the features answer carries them: a free-form object, checked by the
 * identity service against the feature's settings contract when staff save them. The menu reads
 * the few values it needs and falls back to the defaults when one is missing or of another kind.
 */
function settingsOf(features: NavigationFeatures, id: FeatureId): Record<string, unknown> {
  return features[id]?.settings ?? {};
}

function orderNumber(settings: Record<string, unknown>, fallback: number): number {
  const value = settings.navigationOrderNumber;
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

interface ConfiguredLink {
  title: string;
  href: string;
  language?: Language;
  target: '_self' | '_blank';
  icon?: string;
}

/** One link of the navigationlink feature, or null when it lacks a title or an address. */
function readLink(value: unknown): ConfiguredLink | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, href, language, target, icon } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !title.trim() || typeof href !== 'string' || !href.trim()) return null;
  return {
    title: title.trim(),
    href: href.trim(),
    ...((LANGUAGES as readonly unknown[]).includes(language) ? { language: language as Language } : {}),
    target: target === '_blank' ? '_blank' : '_self',
    ...(typeof icon === 'string' && icon ? { icon } : {}),
  };
}

const on = (features: NavigationFeatures, ...ids: FeatureId[]) =>
  ids.some((id) => Object.hasOwn(features, id));

function builtIn(labelKey: NavigationLabelKey, order: number): NavigationItem {
  return { id: labelKey, labelKey, order, href: SECTION_PATHS[labelKey], target: '_self' };
}

/** The links of the navigationlink feature shown in this language (a link without one shows always). */
function navigationLinks(features: NavigationFeatures, language: Language): NavigationItem[] {
  const raw = features.navigationlink?.settings?.links;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((value, index) => {
    const link = readLink(value);
    if (!link) return [];
    if (link.language && link.language !== language) return [];
    return [
      {
        id: `navigationlink-${index}`,
        order: NAVIGATION_ORDER.navigationLinks + index,
        href: link.href,
        title: link.title,
        target: link.target,
        ...(link.icon ? { icon: link.icon } : {}),
      },
    ];
  });
}

/**
 * The main navigation of a housing company (01 §2): in the construction state only the contact
 * book and material selection (when on); otherwise every section whose feature is on, ordered by the
 * navigation order numbers, followed by the configured navigation links of the user's language.
 */
export function buildMainNavigation({
  state,
  features,
  language,
  hasApartment = false,
}: {
  /** The housing company's state; null without a housing company (treated as living). */
  state: HousingCompanyState | null;
  features: NavigationFeatures;
  language: Language;
  /** The user has an apartment in the housing company (then its page is offered, living state). */
  hasApartment?: boolean;
}): NavigationItem[] {
  const items: NavigationItem[] = [];

  if (state === 'construction') {
    if (on(features, 'material-selection'))
      items.push(builtIn('materialSelection', NAVIGATION_ORDER.materialSelection));
    items.push(builtIn('contactBook', NAVIGATION_ORDER.support));
    return items;
  }

  // The apartment's page, for those who have an apartment here; news is always on (03 §3).
  if (hasApartment) items.push(builtIn('myApartment', NAVIGATION_ORDER.myApartment));
  items.push(builtIn('news', NAVIGATION_ORDER.news));
  if (on(features, 'material-selection'))
    items.push(builtIn('materialSelection', NAVIGATION_ORDER.materialSelection));
  if (on(features, 'warranty')) items.push(builtIn('warranty', NAVIGATION_ORDER.warranty));
  if (on(features, 'project-camera')) {
    const settings = settingsOf(features, 'project-camera');
    items.push(builtIn('projectCamera', orderNumber(settings, NAVIGATION_ORDER.projectCamera)));
  }
  if (on(features, 'documents', 'documentsv2')) items.push(builtIn('documents', NAVIGATION_ORDER.documents));
  if (on(features, 'one4all-bookings')) {
    const settings = settingsOf(features, 'one4all-bookings');
    items.push(builtIn('bookings', orderNumber(settings, NAVIGATION_ORDER.bookings)));
  } else if (settingsOf(features, 'electrolux-bookings').showMainNavigationLink === true) {
    items.push(builtIn('bookings', NAVIGATION_ORDER.bookings));
  }
  if (on(features, 'public-discussion', 'neighbours', 'area-discussion'))
    items.push(builtIn('community', NAVIGATION_ORDER.community));
  if (on(features, 'service-lounge')) items.push(builtIn('serviceShop', NAVIGATION_ORDER.serviceShop));
  if (on(features, 'faq')) items.push(builtIn('faq', NAVIGATION_ORDER.faq));
  items.push(builtIn('support', NAVIGATION_ORDER.support));
  items.push(...navigationLinks(features, language));

  // Array.prototype.sort is stable: equal numbers keep the order above.
  return items.sort((a, b) => a.order - b.order);
}

/** Whether an address leaves the app (another site, or a full URL). */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

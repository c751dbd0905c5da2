// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildMainNavigation, isExternalHref, type NavigationFeatures } from './main-navigation';

const on = (...ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, { settings: {} }])) as NavigationFeatures;

const ids = (items: ReturnType<typeof buildMainNavigation>) => items.map((item) => item.id);
const orders = (items: ReturnType<typeof buildMainNavigation>) => items.map((item) => item.order);

const EVERYTHING = on(
  'news',
  'calendar',
  'faq',
  'service-lounge',
  'public-discussion',
  'one4all-bookings',
  'documents',
  'project-camera',
  'warranty',
  'material-selection',
);

describe('main navigation', () => {
  it('orders a living company by the spec numbers: news 5 … support 55', () => {
    const items = buildMainNavigation({ state: 'living', features: EVERYTHING, language: 'en' });
    expect(ids(items)).toEqual([
      'news',
      'materialSelection',
      'warranty',
      'projectCamera',
      'documents',
      'bookings',
      'community',
      'serviceShop',
      'faq',
      'support',
    ]);
    expect(orders(items)).toEqual([5, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(items.find((i) => i.id === 'warranty')?.href).toBe('/apartment/warranty');
    expect(items.find((i) => i.id === 'serviceShop')?.href).toBe('/service-shop');
  });

  it('offers only the sections whose feature is on (news and support always)', () => {
    const items = buildMainNavigation({ state: 'living', features: on('news', 'calendar'), language: 'en' });
    expect(ids(items)).toEqual(['news', 'support']);
  });

  it('in the construction state offers only material selection (when on) and the contact book', () => {
    const withSelection = buildMainNavigation({
      state: 'construction',
      features: EVERYTHING,
      language: 'en',
    });
    expect(ids(withSelection)).toEqual(['materialSelection', 'contactBook']);
    expect(withSelection.map((i) => i.href)).toEqual(['/material-selection', '/support/contact-book']);
    const without = buildMainNavigation({
      state: 'construction',
      features: on('news', 'faq', 'warranty'),
      language: 'en',
    });
    expect(ids(without)).toEqual(['contactBook']);
  });

  it('lets project camera and one4all bookings move by their navigationOrderNumber', () => {
    const features: NavigationFeatures = {
      ...on('faq'),
      'project-camera': { settings: { url: 'https://camera.example', navigationOrderNumber: 52 } },
      'one4all-bookings': { settings: { navigationOrderNumber: 1 } },
    };
    const items = buildMainNavigation({ state: 'living', features, language: 'en' });
    expect(ids(items)).toEqual(['bookings', 'news', 'faq', 'projectCamera', 'support']);
    expect(orders(items)).toEqual([1, 5, 50, 52, 55]);
  });

  it('links electrolux bookings only with showMainNavigationLink, at 35', () => {
    const shown = buildMainNavigation({
      state: 'living',
      features: { 'electrolux-bookings': { settings: { showMainNavigationLink: true } } },
      language: 'en',
    });
    expect(shown.find((i) => i.id === 'bookings')).toMatchObject({ order: 35, href: '/book-common-spaces' });
    const hidden = buildMainNavigation({
      state: 'living',
      features: { 'electrolux-bookings': { settings: { showMainNavigationLink: false } } },
      language: 'en',
    });
    expect(ids(hidden)).not.toContain('bookings');
  });

  it('shows community with any discussion feature and documents with either version', () => {
    for (const feature of ['public-discussion', 'neighbours', 'area-discussion']) {
      expect(ids(buildMainNavigation({ state: 'living', features: on(feature), language: 'en' }))).toContain(
        'community',
      );
    }
    expect(
      ids(buildMainNavigation({ state: 'living', features: on('documentsv2'), language: 'en' })),
    ).toContain('documents');
  });

  it('adds the navigationlink links of the language after the sections, with title, target and icon', () => {
    const features: NavigationFeatures = {
      navigationlink: {
        settings: {
          links: [
            { title: 'Sauna booking', href: 'https://sauna.example/book', target: '_blank', icon: 'sauna' },
            { title: 'Huoltokirja', href: '/huoltokirja', language: 'fi', target: '_self' },
            { title: 'Residents guide', href: '/guide', language: 'en', target: '_self' },
            { title: '', href: '/broken' },
          ],
        },
      },
    };
    const en = buildMainNavigation({ state: 'living', features, language: 'en' });
    expect(en.slice(-2)).toEqual([
      {
        id: 'navigationlink-0',
        order: 100,
        href: 'https://sauna.example/book',
        title: 'Sauna booking',
        target: '_blank',
        icon: 'sauna',
      },
      { id: 'navigationlink-2', order: 102, href: '/guide', title: 'Residents guide', target: '_self' },
    ]);
    const fi = buildMainNavigation({ state: 'living', features, language: 'fi' });
    expect(fi.slice(-2).map((i) => i.title)).toEqual(['Sauna booking', 'Huoltokirja']);
    // Construction: no configured links either.
    expect(ids(buildMainNavigation({ state: 'construction', features, language: 'en' }))).toEqual([
      'contactBook',
    ]);
  });

  it('tells addresses of other sites apart', () => {
    expect(isExternalHref('https://example.com')).toBe(true);
    expect(isExternalHref('mailto:a@b.fi')).toBe(true);
    expect(isExternalHref('//cdn.example.com/x')).toBe(true);
    expect(isExternalHref('/documents')).toBe(false);
  });
});

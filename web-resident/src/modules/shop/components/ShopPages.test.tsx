import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import {
  campaignCard,
  campaignDetail,
  PARTNER_ID,
  partnerPage,
  partnerSummary,
} from '../testing/shop-fixtures';

const shop = featuresOn('service-lounge');
const params = (path: string | undefined) =>
  Object.fromEntries(new URL(path ?? '', 'http://localhost').searchParams);
const readerQuery = { housingCompanyId: IDS.demoHc, apartmentId: IDS.demoApt, lang: 'en' };

describe('service shop', () => {
  it('landing: campaigns in the order the service gives (sticky first), partners and a link to all campaigns', async () => {
    const cards = [
      campaignCard(3, { title: 'Sticky offer', sticky: true }),
      campaignCard(1, { title: 'Newest offer', isAdvertisement: true, codename: 'ad-1' }),
      campaignCard(2, { title: 'Older offer' }),
    ];
    const app = startSignedIn('/service-shop/', {
      features: shop,
      routes: {
        'GET /api/content/campaigns': json(cards),
        'GET /api/content/shop-partners': json([{ ...partnerSummary(), campaignCount: 2 }]),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Service shop' });
    const campaigns = screen.getByRole('region', { name: 'Campaigns and offers' });
    await within(campaigns).findByRole('link', { name: 'Sticky offer' });
    expect(
      within(campaigns)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sticky offer', 'Newest offer', 'Older offer']);
    expect(within(campaigns).getByRole('link', { name: 'Newest offer' }).getAttribute('href')).toBe(
      '/service-shop/advertisement/ad-1',
    );
    expect(within(campaigns).getByText('Advertisement')).toBeTruthy();
    expect(within(campaigns).getByRole('link', { name: 'Show all campaigns (3)' }).getAttribute('href')).toBe(
      '/service-shop/all-campaigns',
    );
    const partners = await screen.findByRole('region', { name: 'Partners' });
    expect(within(partners).getByRole('link', { name: 'Kotisiivous Oy' }).getAttribute('href')).toBe(
      `/service-shop/partner/${PARTNER_ID}`,
    );
    const list = app.requests.find((r) => r.path.startsWith('/api/content/campaigns'));
    expect(params(list?.path)).toEqual(readerQuery);
    await waitFor(() => expect(document.title).toBe('Service shop - Porta'));
  });

  it('all campaigns: every card; an empty or failed list says there are no offers yet', async () => {
    startSignedIn('/service-shop/all-campaigns', {
      features: shop,
      routes: { 'GET /api/content/campaigns': problem(503, 'UNAVAILABLE', 'Unavailable') },
    });
    await screen.findByRole('heading', { level: 1, name: 'All campaigns' });
    expect(await screen.findByText('No offers right now')).toBeTruthy();
    expect(
      screen.getByText('New campaigns from our partners appear here; have a look again soon.'),
    ).toBeTruthy();
  });

  it('campaign detail: texts, discount, call to action, extended content, attachments and the partner', async () => {
    const app = startSignedIn('/service-shop/campaign/spring-cleaning', {
      features: shop,
      routes: { 'GET /api/content/campaigns/spring-cleaning': json(campaignDetail()) },
    });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Spring cleaning' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(article).getByText('-20 %')).toBeTruthy();
    expect(within(article).getByText('A thorough clean of your home.')).toBeTruthy();
    expect(within(article).getByText('Terms: valid for new customers.')).toBeTruthy();
    expect(within(article).getByText('Valid until 31 Dec 2026')).toBeTruthy();
    const cta = within(article).getByRole('link', { name: 'Book a cleaning (opens in a new tab)' });
    expect(cta.getAttribute('href')).toBe('https://partner.example/book');
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(cta.getAttribute('rel')).toContain('noopener');
    const attachment = within(article).getByRole('link', { name: 'price-list.pdf' });
    expect(attachment.getAttribute('href')).toBe('/api/content/assets/price-list');
    expect(within(article).getByText('(2 k)')).toBeTruthy();

    const partner = within(article).getByRole('region', { name: 'Partner' });
    expect(within(partner).getByText('Rating 4.5 / 5')).toBeTruthy();
    expect(
      within(partner).getByRole('link', { name: 'More about Kotisiivous Oy' }).getAttribute('href'),
    ).toBe(`/service-shop/partner/${PARTNER_ID}`);
    expect(within(article).getByRole('link', { name: 'Back to the service shop' }).getAttribute('href')).toBe(
      '/service-shop/',
    );
    const request = app.requests.find((r) => r.path.startsWith('/api/content/campaigns/'));
    expect(request?.method).toBe('GET');
    expect(params(request?.path)).toEqual(readerQuery);
    await waitFor(() => expect(document.title).toBe('Spring cleaning - Service shop - Porta'));
  });

  it('/campaign/:id serves the same detail; one the reader does not see is Page not found', async () => {
    startSignedIn('/campaign/expired-offer', {
      features: shop,
      routes: { 'GET /api/content/campaigns/expired-offer': problem(404, 'CNT_NOT_FOUND', 'Not found') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('advertisement detail without a partner page shows the partner name and its own link', async () => {
    startSignedIn('/service-shop/advertisement/ad-7', {
      features: shop,
      routes: {
        'GET /api/content/campaigns/ad-7': json(
          campaignDetail({
            isAdvertisement: true,
            title: 'Window washing',
            partner: null,
            shopPartnerId: null,
            partnerName: 'Ikkunapesu Ky',
            discountBadge: null,
            ctaUrl: null,
            ctaText: null,
            link: 'https://ikkunapesu.example',
            linkText: null,
            attachments: [],
          }),
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Window washing' });
    expect(screen.getByText('Ikkunapesu Ky')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ikkunapesu Ky' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Read more (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://ikkunapesu.example',
    );
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Attachments' })).toBeNull();
  });

  it('partner page: logo, rating with its count, description, contact details and its campaigns', async () => {
    const app = startSignedIn('/partner/ext-1', {
      features: shop,
      routes: { 'GET /api/content/shop-partners/ext-1': json(partnerPage()) },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Kotisiivous Oy' });
    const page = heading.closest('article') as HTMLElement;
    expect(page.querySelector('.partner-page__logo')?.getAttribute('src')).toBe('/api/content/assets/logo-1');
    expect(within(page).getByText('Rating 4.5 / 5')).toBeTruthy();
    expect(within(page).getByText('Number of ratings: 12')).toBeTruthy();
    expect(within(page).getByText(/Home cleaning since 1990/)).toBeTruthy();
    const contact = within(page).getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByRole('link', { name: 'info@kotisiivous.example' }).getAttribute('href')).toBe(
      'mailto:info@kotisiivous.example',
    );
    expect(within(contact).getByRole('link', { name: '+358 9 123 456' }).getAttribute('href')).toBe(
      'tel:+3589123456',
    );
    expect(within(contact).getByText('1234567-8')).toBeTruthy();
    const campaigns = within(page).getByRole('region', { name: 'Campaigns and offers' });
    expect(within(campaigns).getByRole('link', { name: 'Spring cleaning' }).getAttribute('href')).toBe(
      '/service-shop/campaign/spring-cleaning',
    );
    expect(within(campaigns).getByText('-20 %')).toBeTruthy();
    expect(params(app.requests.find((r) => r.path.startsWith('/api/content/shop-partners/'))?.path)).toEqual(
      readerQuery,
    );
  });

  it('a partner without visible campaigns or ratings still has its page', async () => {
    startSignedIn(`/service-shop/partner/${PARTNER_ID}`, {
      features: shop,
      routes: {
        [`GET /api/content/shop-partners/${PARTNER_ID}`]: json(
          partnerPage({
            campaigns: [],
            rating: null,
            ratingsCount: 0,
            email: null,
            phone: null,
            businessId: null,
            country: null,
          }),
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Kotisiivous Oy' });
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('This partner has no offers right now')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Contact details' })).toBeNull();
  });

  it('an unknown partner is Page not found', async () => {
    startSignedIn('/service-shop/partner/nobody', {
      features: shop,
      routes: { 'GET /api/content/shop-partners/nobody': problem(404, 'CNT_NOT_FOUND', 'Not found') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('is closed when the service-lounge feature is off', async () => {
    const app = startSignedIn('/service-shop');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Service shop' })).toBeNull();
    expect(app.calls().some((c) => c.includes('/api/content/campaigns'))).toBe(false);
  });
});

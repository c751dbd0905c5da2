import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { renderWithServices } from '../../content-pages/testing/render-with-services';
import { campaignCard } from '../testing/shop-fixtures';
import { DashboardCampaigns } from './DashboardCampaigns';

const box = () => screen.getByRole('region', { name: 'Offers from the service shop' });

describe('DashboardCampaigns', () => {
  it('asks for a random selection for the housing company and apartment and shows 6 in two columns', async () => {
    const cards = Array.from({ length: 8 }, (_, i) =>
      campaignCard(i + 1, i === 0 ? { discountBadge: 15, partnerName: 'Kotisiivous Oy' } : {}),
    );
    const api = mockFetch({ 'GET /api/content/campaigns': json(cards) });
    renderWithServices(<DashboardCampaigns housingCompanyId={IDS.demoHc} apartmentId={IDS.demoApt} />);

    const first = await screen.findByRole('link', { name: 'Campaign 1' });
    expect(first.getAttribute('href')).toBe('/service-shop/campaign/campaign-1');
    const list = within(box()).getByRole('list');
    expect(list.className).toBe('campaign-grid');
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByText('Campaign 7')).toBeNull();

    // Image, title, partner and the discount badge of a card.
    const card = first.closest('article') as HTMLElement;
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/content/assets/image-1');
    expect(within(card).getByText('Kotisiivous Oy')).toBeTruthy();
    expect(within(card).getByText('-15 %')).toBeTruthy();
    expect(within(card).getByText('15 % discount')).toBeTruthy();
    // Cards without a discount have no badge.
    const second = screen.getByRole('link', { name: 'Campaign 2' }).closest('article') as HTMLElement;
    expect(second.querySelector('.discount-badge')).toBeNull();

    expect(within(box()).getByRole('link', { name: 'Go to the service shop' }).getAttribute('href')).toBe(
      '/service-shop/',
    );
    const request = new URL(api.requests[0]?.path ?? '', 'http://localhost');
    expect(request.pathname).toBe('/api/content/campaigns');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      housingCompanyId: IDS.demoHc,
      apartmentId: IDS.demoApt,
      lang: 'en',
      random: 'true',
      limit: '6',
    });
    expect(api.requests[0]?.authorization).toBe('Bearer stored-access-token');
  });

  it('shows the service-shop banner when there are no campaigns', async () => {
    mockFetch({ 'GET /api/content/campaigns': json([]) });
    renderWithServices(<DashboardCampaigns housingCompanyId={IDS.demoHc} apartmentId={null} />);
    expect(await screen.findByText('Discover the service shop')).toBeTruthy();
    expect(within(box()).getByRole('link', { name: 'Go to the service shop' }).getAttribute('href')).toBe(
      '/service-shop/',
    );
    expect(within(box()).queryByRole('list')).toBeNull();
  });

  it('shows the banner when the campaigns cannot be fetched', async () => {
    const api = mockFetch({ 'GET /api/content/campaigns': problem(500, 'INTERNAL', 'Something went wrong') });
    renderWithServices(<DashboardCampaigns housingCompanyId={IDS.demoHc} apartmentId={null} />);
    expect(await screen.findByText('Discover the service shop')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(new URL(api.requests[0]?.path ?? '', 'http://localhost').searchParams.has('apartmentId')).toBe(
      false,
    );
  });
});

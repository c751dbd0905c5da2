import type { AdminCampaign, AdvertisementPreview } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { campaign, problemWith, shopPartner } from '../../content/testing';
import {
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const ADS = '/api/content/admin/advertisements';
const kitchen = shopPartner(1, { name: 'Demo Kitchen Partners' });
const harbour = housingCompany(1, { name: 'Harbour View' });

const local = (value: string) => new Date(value).toISOString();

function wizardApi(initial: Partial<AdminCampaign> = {}) {
  let ad: AdminCampaign = campaign(5, { isAdvertisement: true, title: 'Kitchen renovation', ...initial });
  const preview = (): AdvertisementPreview => ({
    card: {
      id: ad.id,
      codename: ad.codename,
      isAdvertisement: true,
      title: ad.title,
      excerpt: 'New kitchens for new homes',
      imageUrl: null,
      partnerName: 'Demo Kitchen Partners',
      shopPartnerId: kitchen.id,
      start: ad.startAt,
      end: ad.endAt,
      discountBadge: 20,
      sticky: false,
      urgent: false,
      categories: [],
      link: null,
      linkText: null,
      ctaUrl: ad.ctaUrl,
      ctaText: 'Book a visit',
      language: 'en',
    },
    detail: {
      id: ad.id,
      codename: ad.codename,
      isAdvertisement: true,
      title: ad.title,
      excerpt: 'New kitchens for new homes',
      imageUrl: null,
      partnerName: 'Demo Kitchen Partners',
      shopPartnerId: kitchen.id,
      start: ad.startAt,
      end: ad.endAt,
      discountBadge: 20,
      sticky: false,
      urgent: false,
      categories: [],
      link: null,
      linkText: null,
      ctaUrl: ad.ctaUrl,
      ctaText: 'Book a visit',
      language: 'en',
      content: '<p>New kitchens for <em>new homes</em></p>',
      extendedContent: '',
      image: null,
      attachments: [],
      video: null,
      partner: null,
    },
    reach: 12,
    matchesHousingCompany: null,
  });
  const calls = mockFetch({
    'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    'GET /api/identity/taxonomy/buildingtaxonomy': () => json({ group: 'buildingtaxonomy', terms: [] }),
    'GET /api/content/admin/shop-partners': () => listOf('shop-partners', [kitchen]),
    [`POST ${ADS}`]: (request) => {
      ad = { ...ad, ...(request.body as Partial<AdminCampaign>), title: 'Kitchen renovation' };
      return json(ad, 201);
    },
    [`PUT ${ADS}/${ad.id}`]: (request) => {
      ad = { ...ad, ...(request.body as Partial<AdminCampaign>) };
      return json(ad);
    },
    [`GET ${ADS}/${ad.id}/preview`]: () => json(preview()),
    [`POST ${ADS}/${ad.id}/publish`]: (request: SentRequest) => {
      if (!(request.body as { confirmBroadAudience?: boolean }).confirmBroadAudience) {
        return problemWith(
          409,
          'CNT_BROAD_AUDIENCE_CONFIRM',
          'This publishes to many housing companies. Confirm the broad audience to continue.',
          { detail: '12' },
        );
      }
      ad = { ...ad, status: 'published', publishAt: '2026-06-01T06:00:00.000Z' };
      return json(ad);
    },
    [`GET /api/content/admin/campaigns/${ad.id}`]: () => json(ad),
  });
  return { calls, id: ad.id };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('advertisement wizard (/admin/campaigns/wizard)', () => {
  it('walks details, targeting, preview and publish, confirming the broad audience', async () => {
    const { calls, id } = wizardApi();
    renderAppAt('/admin/campaigns/wizard', session);
    const user = userEvent.setup();

    // 1 basic details, the 6-month rule checked before anything is saved
    expect(await screen.findByText('Step 1 of 4: Basic details')).toBeTruthy();
    expect(
      screen.getByText('An advertisement can be visible for at most 6 months, from its start to its end.'),
    ).toBeTruthy();
    await fill(user, screen.getByLabelText(/^Title/), 'Kitchen renovation');
    await fill(user, screen.getByLabelText('CTA button text'), 'Book a visit');
    await user.click(screen.getByLabelText('Shop partner'));
    await user.click(await screen.findByRole('option', { name: 'Demo Kitchen Partners' }));
    await fill(user, screen.getByLabelText('CTA button address'), 'https://kitchen.example.com');
    await fill(user, screen.getByLabelText('Starts'), '2026-06-01T09:00');
    const end = screen.getByLabelText('Ends');
    await fill(user, end, '2026-12-31T09:00');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('An advertisement can be visible for at most 6 months.')).toBeTruthy();
    expect(calls.to(`POST ${ADS}`)).toHaveLength(0);

    await user.clear(end);
    await fill(user, end, '2026-11-30T09:00');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.to(`POST ${ADS}`)).toHaveLength(1));
    expect(calls.to(`POST ${ADS}`)[0]!.body).toEqual({
      defaultLanguage: 'en',
      variants: { en: { title: 'Kitchen renovation', ctaText: 'Book a visit' } },
      shopPartnerId: kitchen.id,
      ctaUrl: 'https://kitchen.example.com',
      startAt: local('2026-06-01T09:00'),
      endAt: local('2026-11-30T09:00'),
      urgent: false,
      categories: [],
    });
    // The draft can be resumed from its address.
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/campaigns/wizard/${id}`));

    // 2 targeting
    expect(await screen.findByText('Step 2 of 4: Targeting')).toBeTruthy();
    await user.click(screen.getByLabelText('Building phase'));
    await user.click(await screen.findByRole('option', { name: 'Construction' }));
    await fill(user, screen.getByLabelText('Weeks before completion'), '8');
    await user.click(screen.getByRole('checkbox', { name: '2 rooms' }));
    await fill(user, screen.getByLabelText('Apartment size from (m²)'), '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.to(`PUT ${ADS}/${id}`)).toHaveLength(1));
    expect(calls.to(`PUT ${ADS}/${id}`)[0]!.body).toEqual({
      buildingPhase: 'construction',
      weeksBeforeCompletion: 8,
      weeksAfterCompletion: null,
      rooms: [2],
      apartmentSizeMin: 40,
      apartmentSizeMax: null,
      targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
      userRoles: [],
    });

    // 3 preview: card, detail and reach
    expect(await screen.findByText('Step 3 of 4: Preview')).toBeTruthy();
    expect(
      await screen.findByText('Reaches 12 housing companies. Publishing asks for a confirmation.'),
    ).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Card' });
    expect(within(card).getByText('-20 %')).toBeTruthy();
    expect(within(card).getByText('Demo Kitchen Partners')).toBeTruthy();
    expect(screen.getByText('new homes').tagName).toBe('EM');
    expect(screen.getByRole('link', { name: 'Book a visit' }).getAttribute('href')).toBe(
      'https://kitchen.example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 4 publish: the server asks for the broad-audience confirmation, then publishes
    expect(await screen.findByText('Step 4 of 4: Publish')).toBeTruthy();
    expect(screen.getByText('Visible for at most 6 months.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Publish to a broad audience?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'This reaches 12 housing companies. Do you want to publish it to all of them?',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`POST ${ADS}/${id}/publish`)).toHaveLength(2));
    expect(calls.to(`POST ${ADS}/${id}/publish`).map((r) => r.body)).toEqual([
      {},
      { confirmBroadAudience: true },
    ]);
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/campaigns/created/${id}`));
    expect(await screen.findByText('Campaign saved')).toBeTruthy();
  });

  it('resumes a draft at its address, and publishes nothing when the confirmation is cancelled', async () => {
    const { calls, id } = wizardApi({
      variants: { en: { title: 'Kitchen renovation' } },
      shopPartnerId: kitchen.id,
      partnerName: 'Demo Kitchen Partners',
      startAt: '2026-06-01T09:00:00.000Z',
      endAt: '2026-08-01T09:00:00.000Z',
    });
    renderAppAt(`/admin/campaigns/wizard/${id}`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('Advertisement: Kitchen renovation')).toBeTruthy();
    expect(await screen.findByText('Step 1 of 4: Basic details')).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Kitchen renovation');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.to(`PUT ${ADS}/${id}`)).toHaveLength(1));
    expect(calls.to(`POST ${ADS}`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 of 4: Preview')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(`POST ${ADS}/${id}/publish`)).toHaveLength(1);
    expect(window.location.pathname).toBe(`/admin/campaigns/wizard/${id}`);
  });

  it('refuses to publish an advertisement without an end date (the 6-month rule)', async () => {
    const { calls, id } = wizardApi({
      variants: { en: { title: 'Kitchen renovation' } },
      shopPartnerId: kitchen.id,
      startAt: '2026-06-01T09:00:00.000Z',
      endAt: null,
    });
    renderAppAt(`/admin/campaigns/wizard/${id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    expect(
      await screen.findByText('Set an end date: an advertisement can be visible for at most 6 months.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.to(`POST ${ADS}/${id}/publish`)).toHaveLength(0);
  });
});
